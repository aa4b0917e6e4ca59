import { readServers } from '@contracttool/matcher'
import type { LoadedSpec } from '@contracttool/spec-loader'

/** A URL prefix under which recorded entries are API calls, and the spec they are checked against. */
export interface ApiServer {
  /** The spec to check against; undefined: the run's default spec (`--base-url`). */
  readonly spec: string | undefined
  /** `https://api.example.com`, case-insensitive, a server variable matching any text; undefined: any host. */
  readonly origin: RegExp | undefined
  /** The server's path (`/v2`, `''` for the root): the entry's path is under it. */
  readonly basePath: string
}

const ABSOLUTE = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)/i
const VARIABLE = /\\\{[^{}]*\\\}/g

/**
 * Where API calls go: the `servers` of each spec (root, Path Item and Operation levels; a spec without them
 * has the default server `/`, under which every URL is), or only `baseUrl` when given. A relative server URL
 * (`/v2`), or a `baseUrl` that is a path, matches any host. Longest paths first, so the most specific server wins.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#server-object
 */
export function apiServers(specs: ReadonlyMap<string, LoadedSpec>, baseUrl: string | undefined): ApiServer[] {
  if (baseUrl !== undefined)
    return [server(undefined, baseUrl, URL.canParse(baseUrl) ? new URL(baseUrl).pathname : baseUrl)]
  const out: ApiServer[] = []
  for (const [name, spec] of specs) {
    const servers = readServers(spec)
    const all = [
      ...(servers.root ?? [{ url: '/', basePath: '' }]),
      ...[...servers.byPath.values()].flat(),
      ...[...servers.byOperation.values()].flat(),
    ]
    for (const { url, basePath } of all) out.push(server(name, url, basePath))
  }
  return out.sort((a, b) => b.basePath.length - a.basePath.length)
}

/** The server a recorded URL is under, or undefined when it is no API call (a page, an asset, analytics). */
export function findApiServer(
  servers: readonly ApiServer[],
  url: URL,
  isRelative: boolean,
): ApiServer | undefined {
  const origin = `${url.protocol}//${url.host}`
  return servers.find(
    (candidate) =>
      (isRelative || candidate.origin === undefined || candidate.origin.test(origin)) &&
      (candidate.basePath === '' ||
        url.pathname === candidate.basePath ||
        url.pathname.startsWith(`${candidate.basePath}/`)),
  )
}

function server(spec: string | undefined, url: string, basePath: string): ApiServer {
  const absolute = ABSOLUTE.exec(url)?.[1]
  const origin =
    absolute === undefined
      ? undefined
      : new RegExp(`^${absolute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(VARIABLE, '.*')}$`, 'i')
  return { spec, origin, basePath: basePath.replace(/\/+$/, '') }
}
