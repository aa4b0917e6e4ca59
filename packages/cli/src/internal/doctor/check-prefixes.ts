import type { LoadedSpec } from '@contracttool/spec-loader'
import type { IssueSink } from './issue-sink.js'

/**
 * `--strip-prefix` values against the spec: a prefix is removed from request paths before matching, so
 * spec paths that still carry it can never match, and a prefix without a leading slash never applies.
 */
export function checkPrefixes(spec: LoadedSpec, prefixes: readonly string[], sink: IssueSink): void {
  for (const prefix of prefixes) {
    if (prefix === '') continue
    if (!prefix.startsWith('/')) {
      sink.warning(
        'configuration',
        `Strip prefix '${prefix}' does not start with '/'; request paths always do, so it never applies.`,
        `Use '/${prefix}'.`,
      )
      continue
    }
    const carriers = spec.paths.filter(
      (path) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
    )
    if (carriers.length > 0) {
      sink.warning(
        'configuration',
        `${carriers.length} spec path(s) start with the strip prefix '${prefix}' (first: ${carriers[0]}): requests are stripped of it before matching, so they can never match these paths.`,
        `Remove '${prefix}' from the strip prefixes, or drop it from the spec paths and keep it in servers.`,
      )
    }
  }
}
