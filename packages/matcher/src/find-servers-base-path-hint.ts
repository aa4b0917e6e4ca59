import { isObject, type JsonValue } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { getPathMatcher } from './get-path-matcher.js'
import { assertLoadedSpec, assertString } from './internal/arguments.js'
import { dropQueryAndFragment } from './internal/normalize-request-path.js'
import { trimTrailingSlashes } from './internal/trim-slashes.js'
import type { ServersBasePathHint } from './types.js'

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/
const VARIABLE = /\{([^{}]*)\}/g

/**
 * The first root `servers[]` entry whose base path, removed from `rawPath`, makes the path match a
 * spec template. With `matchServers: false` base paths take no part in matching (only `stripPrefixes`
 * does), so a diagnostic uses this to say which prefix to configure.
 *
 * The hint is held to "adding this prefix to `stripPrefixes` would really work": the base path (the
 * URL's path component, each `{variable}` replaced by its string or number `default`, trailing slashes
 * trimmed; empty, relative or still-templated base paths are skipped) is removed from the raw path,
 * before any trailing-slash trimming, and the rest is confirmed with `matchWithoutPrefixStripping`.
 * `/api/` and `/api` stripped of `/api` both leave `/`, which can match a root path item.
 * Only root-level `servers` are read: path-item and operation `servers` need a match first. Callers
 * skip the hint when a configured prefix already matched the path (see `formatNoMatchingPath`).
 *
 * @param rawPath the request path as received (a query string or fragment is ignored).
 * @see https://spec.openapis.org/oas/v3.1.0#server-object
 * @example
 * // servers: [{ url: 'https://api.example.com/v1' }], paths: { '/pets': … }
 * findServersBasePathHint(spec, '/v1/pets')
 * // → { serverIndex: 0, basePath: '/v1', strippedPath: '/pets' }
 */
export function findServersBasePathHint(spec: LoadedSpec, rawPath: string): ServersBasePathHint | undefined {
  assertLoadedSpec('findServersBasePathHint', spec)
  assertString('findServersBasePathHint', 'the request path', rawPath)
  const servers = spec.document.servers
  if (!Array.isArray(servers)) return undefined
  const path = dropQueryAndFragment(rawPath)
  const matcher = getPathMatcher(spec)
  for (let serverIndex = 0; serverIndex < servers.length; serverIndex++) {
    const server = servers[serverIndex]
    if (!isObject(server) || typeof server.url !== 'string') continue
    const basePath = trimTrailingSlashes(urlPath(substituteVariables(server.url, server.variables)))
    if (
      basePath === '' ||
      !basePath.startsWith('/') ||
      basePath.includes('{') ||
      !path.startsWith(basePath)
    ) {
      continue
    }
    const strippedPath = path.length === basePath.length ? '/' : path.slice(basePath.length)
    if (matcher.matchWithoutPrefixStripping(strippedPath) !== undefined) {
      return { serverIndex, basePath, strippedPath }
    }
  }
  return undefined
}

/**
 * `default` is required on a Server Variable Object and is the value sent when no other is given, so
 * a templated URL has one concrete reading. A variable without a usable default stays in braces and
 * the entry is skipped rather than guessed at.
 */
function substituteVariables(url: string, variables: JsonValue | undefined): string {
  if (!url.includes('{') || !isObject(variables)) return url
  return url.replace(VARIABLE, (placeholder, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined
    const value = isObject(variable) ? variable.default : undefined
    if (typeof value === 'string') return value
    if (typeof value === 'number' && Number.isFinite(value)) return String(value)
    return placeholder
  })
}

/** The path component of an absolute URL, a network-path reference (`//host/x`) or a relative reference. */
function urlPath(url: string): string {
  let rest = url.replace(SCHEME, '')
  if (rest.startsWith('//')) {
    const authorityEnd = rest.slice(2).search(/[/?#]/)
    rest = authorityEnd === -1 ? '' : rest.slice(2 + authorityEnd)
  }
  const end = rest.search(/[?#]/)
  return end === -1 ? rest : rest.slice(0, end)
}
