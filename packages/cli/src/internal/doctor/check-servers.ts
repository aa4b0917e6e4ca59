import { readServers } from '@contracttool/matcher'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { IssueSink } from './issue-sink.js'

/**
 * `servers` entries request paths cannot be matched through: a URL that does not parse or a variable
 * without a string `default`. The matcher refuses such a spec (`CONTRACTTOOL_INVALID_SERVER`) rather
 * than silently miss every path under it.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#server-object
 */
export function checkServers(spec: LoadedSpec, sink: IssueSink): void {
  for (const problem of readServers(spec).problems) {
    sink.error(
      'structure',
      `${problem.message}: request paths cannot be matched through this server.`,
      'Fix the URL or define the variable with a string `default`; until then tests fail with CONTRACTTOOL_INVALID_SERVER unless matchServers is false.',
    )
  }
}
