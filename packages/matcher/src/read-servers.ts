import { isObject, type JsonValue } from '@contracttool/kernel'
import { follow, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec } from './internal/arguments.js'
import { trimTrailingSlashes } from './internal/trim-slashes.js'
import type { ServerBasePath, ServerProblem } from './types.js'

/** The `servers` of a spec as the matcher uses them: base paths by level, and what could not be read. */
export interface SpecServers {
  /** Every distinct non-empty base path of the document (its first entry), longest first. */
  readonly basePaths: readonly ServerBasePath[]
  /** The root `servers` (undefined when absent or empty: the default server `/`). */
  readonly root: readonly ServerBasePath[] | undefined
  /** Path Item `servers` by path template. */
  readonly byPath: ReadonlyMap<string, readonly ServerBasePath[]>
  /** Operation `servers` by operation key (`GET /pets`). */
  readonly byOperation: ReadonlyMap<string, readonly ServerBasePath[]>
  /** Entries with a malformed URL or an undefined variable, in document order. */
  readonly problems: readonly ServerProblem[]
}

// A URL template expands to one base path per combination of variable values; past this many
// combinations the enums are no longer multiplied (each variable's values are tried with the others
// at their defaults).
const COMBINATION_LIMIT = 64
const VARIABLE = /\{([^{}]*)\}/g
const BASE = 'http://server.invalid/'
const NOT_IN_URL = /[\s<>"\\^`|]/

const cache = new WeakMap<LoadedSpec, SpecServers>()

/**
 * Reads the `servers` of a spec at the three levels OpenAPI allows (root, Path Item, Operation): each
 * URL's path component is a base path the operation's paths are appended to. Server variables are
 * expanded with their `default` and every `enum` value; relative URLs are read against the document's
 * own location, whose path is unknown, so `v1`, `./v1` and `/v1` all give `/v1`. A URL that does not
 * parse, or that names a variable the entry does not define with a string `default`, is listed in
 * `problems` instead (the matcher refuses to match through such a spec, `contracttool doctor` reports it).
 * Read once per spec.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#server-object
 * @example
 * // servers: [{ url: 'https://api.example.com/v1' }]
 * readServers(spec).basePaths // [{ basePath: '/v1', url: 'https://api.example.com/v1', location: 'servers[0]' }]
 */
export function readServers(spec: LoadedSpec): SpecServers {
  let servers = cache.get(spec)
  if (servers === undefined) {
    assertLoadedSpec('readServers', spec)
    servers = collect(spec)
    cache.set(spec, servers)
  }
  return servers
}

/**
 * The servers in force for one operation: its own `servers`, else its path item's, else the root's;
 * undefined when none of them declares any (the default server `/`).
 *
 * @see https://spec.openapis.org/oas/v3.1.0#operation-object
 */
export function effectiveServers(
  servers: SpecServers,
  template: string,
  operation: IndexedOperation | undefined,
): readonly ServerBasePath[] | undefined {
  return (
    (operation === undefined ? undefined : servers.byOperation.get(operation.key)) ??
    servers.byPath.get(template) ??
    servers.root
  )
}

function collect(spec: LoadedSpec): SpecServers {
  const problems: ServerProblem[] = []
  const all = new Map<string, ServerBasePath>()
  const read = (list: JsonValue | undefined, where: string): ServerBasePath[] | undefined => {
    const entries = readList(list, where, problems)
    if (entries === undefined) return undefined
    for (const entry of entries)
      if (entry.basePath !== '' && !all.has(entry.basePath)) all.set(entry.basePath, entry)
    return entries
  }
  const root = read(spec.document.servers, 'servers')
  const byPath = new Map<string, ServerBasePath[]>()
  const byOperation = new Map<string, ServerBasePath[]>()
  const paths = isObject(spec.document.paths) ? spec.document.paths : {}
  for (const template of spec.paths) {
    const item = follow(spec.document, paths[template])
    if (!isObject(item)) continue
    const where = `paths[${JSON.stringify(template)}]`
    const own = read(item.servers, `${where}.servers`)
    if (own !== undefined) byPath.set(template, own)
  }
  for (const operation of spec.operations) {
    if (!isObject(operation.operation)) continue
    const where = `paths[${JSON.stringify(operation.path)}].${operation.isAdditional ? `additionalOperations[${JSON.stringify(operation.methodKey)}]` : operation.methodKey}.servers`
    const own = read(operation.operation.servers, where)
    if (own !== undefined) byOperation.set(operation.key, own)
  }
  const basePaths = [...all.values()].sort((a, b) => b.basePath.length - a.basePath.length)
  return { basePaths, root, byPath, byOperation, problems }
}

// `undefined` for an absent or empty list, which leaves the level above in force.
function readList(
  list: JsonValue | undefined,
  where: string,
  problems: ServerProblem[],
): ServerBasePath[] | undefined {
  if (list === undefined || list === null) return undefined
  if (!Array.isArray(list)) {
    problems.push({ location: where, message: `${where} must be a list of Server Objects` })
    return undefined
  }
  if (list.length === 0) return undefined
  const entries: ServerBasePath[] = []
  for (let index = 0; index < list.length; index++) {
    const location = `${where}[${index}]`
    const server = list[index]
    if (!isObject(server) || typeof server.url !== 'string') {
      problems.push({ location, message: `${location}.url must be a string` })
      continue
    }
    const url = server.url
    const expanded = expand(url, server.variables, location, problems)
    if (expanded === undefined) continue
    const seen = new Set<string>()
    for (const concrete of expanded) {
      let basePath: string
      try {
        // RFC 3986 has no place for these in a URL; WHATWG URL parsing would quietly percent-encode them.
        if (NOT_IN_URL.test(concrete)) throw new TypeError('invalid character')
        basePath = trimTrailingSlashes(new URL(concrete, BASE).pathname)
      } catch {
        problems.push({
          location,
          message: `${location}.url ${JSON.stringify(url)} is not a valid URL${concrete === url ? '' : ` (as ${JSON.stringify(concrete)})`}`,
        })
        break
      }
      if (seen.has(basePath)) continue
      seen.add(basePath)
      entries.push({ basePath, url, location })
    }
  }
  return entries
}

// Every concrete URL the template stands for, or undefined (with a problem) when a variable is missing.
function expand(
  url: string,
  variables: JsonValue | undefined,
  location: string,
  problems: ServerProblem[],
): string[] | undefined {
  const names = [...url.matchAll(VARIABLE)].map((found) => found[1] as string)
  if (names.length === 0) {
    if (url.includes('{') || url.includes('}')) {
      problems.push({ location, message: `${location}.url ${JSON.stringify(url)} has an unbalanced brace` })
      return undefined
    }
    return [url]
  }
  const values = new Map<string, string[]>()
  for (const name of names) {
    if (values.has(name)) continue
    const variable = isObject(variables) && Object.hasOwn(variables, name) ? variables[name] : undefined
    const fallback = isObject(variable) ? variable.default : undefined
    if (typeof fallback !== 'string') {
      problems.push({
        location,
        message: `${location}.url ${JSON.stringify(url)} uses variable {${name}}, which ${
          isObject(variable) ? 'has no string default' : `${location}.variables does not define`
        }`,
      })
      return undefined
    }
    const options = [fallback]
    const listed = isObject(variable) ? variable.enum : undefined
    if (Array.isArray(listed))
      for (const value of listed)
        if (typeof value === 'string' && !options.includes(value)) options.push(value)
    values.set(name, options)
  }
  const combinations = [...values.values()].reduce((count, list) => count * list.length, 1)
  const substitute = (pick: (name: string) => string): string =>
    url.replace(VARIABLE, (_, name: string) => pick(name))
  const defaults = (name: string): string => (values.get(name) as string[])[0] as string
  if (combinations > COMBINATION_LIMIT) {
    const out = [substitute(defaults)]
    for (const [varied, list] of values)
      for (const value of list.slice(1))
        out.push(substitute((name) => (name === varied ? value : defaults(name))))
    return out
  }
  let picks: Map<string, string>[] = [new Map()]
  for (const [name, list] of values)
    picks = picks.flatMap((pick) => list.map((value) => new Map(pick).set(name, value)))
  return picks.map((pick) => substitute((name) => pick.get(name) as string))
}

/** The longest base path `path` lies under (at a segment boundary), and what is left of the path. */
export function underServer(
  servers: SpecServers,
  path: string,
  start = 0,
): { readonly server: ServerBasePath; readonly index: number; readonly rest: string } | undefined {
  const list = servers.basePaths
  for (let index = start; index < list.length; index++) {
    const server = list[index] as ServerBasePath
    const basePath = server.basePath
    if (!path.startsWith(basePath)) continue
    if (path.length === basePath.length) return { server, index, rest: '/' }
    if (path.charCodeAt(basePath.length) === 47) return { server, index, rest: path.slice(basePath.length) }
  }
  return undefined
}
