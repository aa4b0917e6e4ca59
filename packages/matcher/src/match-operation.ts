import { ContractToolError } from '@contracttool/kernel'
import { defer, deferredProperty } from '@contracttool/kernel/internal'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import { FIXED_METHODS } from '@contracttool/spec-loader/internal'
import { NO_PARAMS } from './create-path-matcher.js'
import { definedMethods, formatMethodNotDefined } from './format-method-not-defined.js'
import { type NoMatchingPathReport, reportNoMatchingPath } from './format-no-matching-path.js'
import { getPathMatcher } from './get-path-matcher.js'
import {
  assertLoadedSpec,
  assertMethod,
  assertString,
  readMatchServers,
  readStripPrefixes,
} from './internal/arguments.js'
import { normalizeRequestPath } from './internal/normalize-request-path.js'
import { MatcherErrorCode } from './matcher-error-code.js'
import { effectiveServers, readServers, underServer } from './read-servers.js'
import type { MatchOptions, NormalizedRequestPath, OperationMatch, PathMatch } from './types.js'

const FIXED = new Set<string>(FIXED_METHODS)

/**
 * Resolves a request's method and path to the operation that documents it. The path is normalized as
 * `PathMatcher.match` does (query and fragment dropped, `stripPrefixes`, trailing slashes); then, unless
 * `matchServers: false`, each base path of the spec's `servers` it starts with is removed, longest
 * first, and the rest matched: the first match whose operation (or path item) has that server in force
 * wins and names it in `path.server`. Otherwise the path is matched as sent. Then the
 * method: fixed Path Item fields (`get` … `trace` and 3.2 `query`) case-insensitively, any other method
 * against 3.2 `additionalOperations` keys case-sensitively (`COPY` does not find a key `copy`).
 * Never throws for an undocumented request: the result says what is missing, with the message the
 * validator reports. What a miss reports (message, suggestions, servers hint, defined methods) is worked
 * out when first read, then kept: ranking every template costs far more than the match itself.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 * @example
 * const result = matchOperation(spec, 'get', '/api/pets/42', { stripPrefixes: ['/api'] })
 * if (result.kind === 'matched') result.operation.operationId // 'showPetById'
 * else result.message // "No matching path found in 'petstore' spec for GET /api/pets/42\n  …"
 */
export function matchOperation(
  spec: LoadedSpec,
  method: string,
  path: string,
  options?: MatchOptions,
): OperationMatch {
  assertLoadedSpec('matchOperation', spec)
  assertMethod('matchOperation', method)
  assertString('matchOperation', 'the request path', path)
  const normalized = normalizeRequestPath(path, readStripPrefixes('PathMatcher.match', options))
  if (readMatchServers('matchOperation', options)) {
    const throughServer = matchThroughServers(spec, method, normalized)
    if (throughServer !== undefined) return throughServer
  }
  const match = matchNormalized(spec, normalized)
  if (match === undefined) return noPathMatch(spec, method, path, options, normalized)
  return matchMethod(spec, method, match, findOperation(spec.operationsByPath.get(match.template), method))
}

function matchMethod(
  spec: LoadedSpec,
  method: string,
  match: PathMatch,
  operation: IndexedOperation | undefined,
): OperationMatch {
  if (operation !== undefined) return { kind: 'matched', path: match, operation }
  const noMethod = { kind: 'no-method', path: match }
  defer(noMethod, () => ({
    message: formatMethodNotDefined(spec, method, match.template),
    methods: definedMethods(spec, match.template),
  }))
  Object.defineProperties(noMethod, NO_METHOD_PROPERTIES)
  return noMethod as unknown as OperationMatch
}

// OpenAPI: "The path is appended to the URL from the Server Object in order to construct the full URL".
// A base path is only taken off at a segment boundary (`/v1` never strips `/v10/pets`), and the rest
// of a path equal to it is the root `/`.
function matchThroughServers(
  spec: LoadedSpec,
  method: string,
  normalized: NormalizedRequestPath,
): OperationMatch | undefined {
  const servers = readServers(spec)
  if (servers.problems.length > 0) {
    const problem = servers.problems[0] as { message: string }
    throw new ContractToolError(
      MatcherErrorCode.InvalidServer,
      `matchOperation: '${spec.name}' spec: ${problem.message}. Fix the entry, or pass matchServers: false to match request paths without the spec's servers.`,
    )
  }
  for (let found = underServer(servers, normalized.path); found !== undefined; ) {
    const { basePath } = found.server
    const match = matchNormalized(spec, { path: found.rest, strippedPrefix: normalized.strippedPrefix })
    if (match !== undefined) {
      const operation = findOperation(spec.operationsByPath.get(match.template), method)
      const server = effectiveServers(servers, match.template, operation)?.find(
        (entry) => entry.basePath === basePath,
      )
      if (server !== undefined) return matchMethod(spec, method, { ...match, server }, operation)
    }
    found = underServer(servers, normalized.path, found.index + 1)
  }
  return undefined
}

// Templates found for normalized paths, per spec: a test suite sends the same few paths again and
// again. Cleared when full, so a stream of distinct paths costs a map write each and bounded memory.
const MEMO_LIMIT = 1024
const memos = new WeakMap<LoadedSpec, Map<string, PathMatch | null>>()

function matchNormalized(spec: LoadedSpec, normalized: NormalizedRequestPath): PathMatch | undefined {
  let memo = memos.get(spec)
  if (memo === undefined) {
    memo = new Map()
    memos.set(spec, memo)
  }
  let found = memo.get(normalized.path)
  if (found === undefined) {
    found = getPathMatcher(spec).matchWithoutPrefixStripping(normalized.path) ?? null
    if (memo.size >= MEMO_LIMIT) memo.clear()
    memo.set(normalized.path, found)
  }
  if (found === null) return undefined
  return {
    template: found.template,
    // Each match gets params of its own, as the matcher gives them.
    params: found.params === NO_PARAMS ? NO_PARAMS : { ...found.params },
    normalizedPath: normalized.path,
    strippedPrefix: normalized.strippedPrefix,
  }
}

const NO_METHOD_PROPERTIES: PropertyDescriptorMap = {
  message: deferredProperty((miss: { message: string }) => miss.message),
  definedMethods: deferredProperty((miss: { methods: readonly string[] }) => miss.methods),
}
const MESSAGE = deferredProperty((report: NoMatchingPathReport) => report.message)
const SUGGESTIONS = deferredProperty((report: NoMatchingPathReport) => report.suggestions)
const SERVERS_HINT = deferredProperty((report: NoMatchingPathReport) => report.serversHint)

// Built property by property to keep the documented key order.
function noPathMatch(
  spec: LoadedSpec,
  method: string,
  path: string,
  options: MatchOptions | undefined,
  normalized: NormalizedRequestPath,
): OperationMatch {
  const miss: Record<string, unknown> = { kind: 'no-path' }
  defer(miss, () => reportNoMatchingPath(spec, method, path, options))
  Object.defineProperty(miss, 'message', MESSAGE)
  miss.normalizedPath = normalized.path
  miss.strippedPrefix = normalized.strippedPrefix
  Object.defineProperty(miss, 'suggestions', SUGGESTIONS)
  Object.defineProperty(miss, 'serversHint', SERVERS_HINT)
  return miss as unknown as OperationMatch
}

function findOperation(
  byMethod: ReadonlyMap<string, IndexedOperation> | undefined,
  method: string,
): IndexedOperation | undefined {
  if (byMethod === undefined) return undefined
  // Fixed operations are indexed under their upper-case method: `GET` as sent needs no case mapping.
  const direct = byMethod.get(method)
  if (direct !== undefined && !direct.isAdditional) return direct
  const lower = method.toLowerCase()
  if (FIXED.has(lower)) {
    const fixed = byMethod.get(lower.toUpperCase())
    // An `additionalOperations` key spelled like an upper-cased fixed method shares the index key.
    if (fixed !== undefined && !fixed.isAdditional) return fixed
  }
  return direct?.isAdditional === true ? direct : undefined
}
