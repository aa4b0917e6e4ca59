import type { NormalizedRequestPath } from '../types.js'

// Drops `?query` and `#fragment`: neither takes part in path matching.
export function dropQueryAndFragment(path: string): string {
  const query = path.indexOf('?')
  const fragment = path.indexOf('#')
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment)
  return end === -1 ? path : path.slice(0, end)
}

// Keeps the root intact: collapsing `/` to `` would make a root path item unreachable. Every other
// trailing slash goes, so `/pets/` and `/pets//` both search as `/pets`.
export function trimTrailingSlashes(path: string): string {
  if (path === '/' || !path.endsWith('/')) return path
  let end = path.length
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--
  return path.slice(0, end)
}

// Query and fragment first, then at most one prefix (the first configured one the path starts with,
// compared as a plain string), then trailing slashes. A prefix equal to the whole path leaves the root
// `/`: `GET /v1` with prefix `/v1` is `GET /` of the API under it.
export function normalizeRequestPath(path: string, stripPrefixes: readonly string[]): NormalizedRequestPath {
  let rest = dropQueryAndFragment(path)
  let strippedPrefix: string | undefined
  for (const prefix of stripPrefixes) {
    if (rest.startsWith(prefix)) {
      rest = rest.length === prefix.length ? '/' : rest.slice(prefix.length)
      strippedPrefix = prefix
      break
    }
  }
  return { path: trimTrailingSlashes(rest), strippedPrefix }
}
