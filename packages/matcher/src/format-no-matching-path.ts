import { terminalText, truncateText } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { findServersBasePathHint } from './find-servers-base-path-hint.js'
import { getPathMatcher } from './get-path-matcher.js'
import { assertLoadedSpec, assertMethod, assertString } from './internal/arguments.js'
import { readServers, underServer } from './read-servers.js'
import { suggestClosestPaths } from './suggest-closest-paths.js'
import type { MatchOptions, NormalizedRequestPath, PathSuggestion, ServersBasePathHint } from './types.js'

const SUGGESTION_LIMIT = 3
// Echoed paths are cut so one bad request cannot flood the message.
const PATH_CHARS = 200

/** Everything a no-match diagnostic says, as data. */
export interface NoMatchingPathReport {
  readonly message: string
  readonly normalized: NormalizedRequestPath
  readonly suggestions: readonly PathSuggestion[]
  readonly serversHint: ServersBasePathHint | undefined
}

/**
 * The diagnostic for a request path that matches no template of `spec`:
 *
 * ```text
 * No matching path found in 'petstore' spec for GET /api/pets
 *   servers[0].url declares base path '/api'; '/pets' matches after removing it.
 *   contracttool does not strip server base paths automatically — add '/api' to stripPrefixes.
 *   closest spec paths:
 *     - GET /pets
 * ```
 *
 * `searched as: <path> (after stripping prefix '<prefix>')` follows the first line when a configured
 * prefix matched; the two `servers` lines appear only when no configured prefix matched and removing a
 * root `servers[].url` base path really makes the path match (see `findServersBasePathHint`); up to
 * three closest operations are ranked against the path as searched (see `suggestClosestPaths`), and
 * the section is left out when the spec declares no operation.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 * @example
 * const message = formatNoMatchingPath(spec, 'get', '/api/pets', { stripPrefixes: ['/v1'] })
 */
export function formatNoMatchingPath(
  spec: LoadedSpec,
  method: string,
  path: string,
  options?: MatchOptions,
): string {
  return reportNoMatchingPath(spec, method, path, options).message
}

/**
 * `formatNoMatchingPath` with its parts as data (normalized path, suggestions, servers hint).
 *
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 * @example
 * const { message, suggestions } = reportNoMatchingPath(spec, 'GET', '/pet/1')
 */
export function reportNoMatchingPath(
  spec: LoadedSpec,
  method: string,
  path: string,
  options?: MatchOptions,
): NoMatchingPathReport {
  assertLoadedSpec('formatNoMatchingPath', spec)
  assertMethod('formatNoMatchingPath', method)
  assertString('formatNoMatchingPath', 'the request path', path)
  const normalized = getPathMatcher(spec).normalize(path, options)
  const matchServers = options?.matchServers !== false
  // Ranked against the path under the longest server base path it starts with, as it was searched.
  const underBase = matchServers ? underServer(readServers(spec), normalized.path) : undefined
  const searched = underBase === undefined ? normalized.path : underBase.rest
  const suggestions = suggestClosestPaths(spec, method, searched, SUGGESTION_LIMIT)
  // With a configured prefix in play, the prefix and the base path both start at offset 0 and which
  // one wins depends on list order: advice a one-line hint cannot give.
  // With server matching on, every base path was already tried: the hint would only repeat it.
  const serversHint =
    normalized.strippedPrefix === undefined && !matchServers ? findServersBasePathHint(spec, path) : undefined

  // Every name below comes from the spec or the request, and is printed to a terminal or a CI log: each
  // is escaped, so none can start a line of its own (a workflow command) or reach the terminal as a control.
  const echo = (text: string) => terminalText(truncateText(text, PATH_CHARS))
  const lines = [
    `No matching path found in '${terminalText(spec.name)}' spec for ${terminalText(method.toUpperCase())} ${echo(path)}`,
  ]
  if (normalized.strippedPrefix !== undefined) {
    lines.push(
      `  searched as: ${echo(normalized.path)} (after stripping prefix '${terminalText(normalized.strippedPrefix)}')`,
    )
  }
  if (underBase !== undefined) {
    lines.push(
      `  searched as: ${echo(searched)} (after removing base path '${terminalText(underBase.server.basePath)}' of ${terminalText(underBase.server.location)})`,
    )
  }
  if (serversHint !== undefined) {
    lines.push(
      `  servers[${serversHint.serverIndex}].url declares base path '${terminalText(serversHint.basePath)}'; '${echo(serversHint.strippedPath)}' matches after removing it.`,
      `  contracttool does not strip server base paths automatically — add '${terminalText(serversHint.basePath)}' to stripPrefixes.`,
    )
  }
  if (suggestions.length > 0) {
    lines.push('  closest spec paths:')
    for (const suggestion of suggestions)
      lines.push(`    - ${suggestion.method} ${terminalText(suggestion.path)}`)
  }
  return { message: lines.join('\n'), normalized, suggestions, serversHint }
}
