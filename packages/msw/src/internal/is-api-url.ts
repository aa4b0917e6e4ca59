import { readServers } from '@contracttool/matcher'
import type { LoadedSpec } from '@contracttool/spec-loader'

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i

const tests = new WeakMap<LoadedSpec, (url: URL) => boolean>()

/**
 * Whether a mocked URL is a call to the API the spec describes: its origin is the origin of one of the spec's
 * absolute `servers` (at any level; `{variables}` in the host stand for any value). A spec whose servers are
 * all relative (or absent: the default server `/`) claims every mocked URL. Which path under that origin is
 * documented is the matcher's concern: a call to an undocumented path is a violation, not someone else's call.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#server-object
 */
export function isApiUrl(spec: LoadedSpec, url: URL): boolean {
  let test = tests.get(spec)
  if (test === undefined) {
    test = originTest(spec)
    tests.set(spec, test)
  }
  return test(url)
}

function originTest(spec: LoadedSpec): (url: URL) => boolean {
  const servers = readServers(spec)
  const entries = [
    ...(servers.root ?? []),
    ...[...servers.byPath.values()].flat(),
    ...[...servers.byOperation.values()].flat(),
  ]
  const origins = entries.flatMap((entry) => {
    const origin = ABSOLUTE.exec(entry.url)?.[1]
    return origin === undefined ? [] : [originPattern(origin)]
  })
  if (origins.length === 0) return () => true
  return (url) => origins.some((pattern) => pattern.test(url.origin))
}

function originPattern(origin: string): RegExp {
  const source = origin
    .split(/(\{[^{}]*\})/)
    .map((part) => (part.startsWith('{') ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`, 'i')
}
