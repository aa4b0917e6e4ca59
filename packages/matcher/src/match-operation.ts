import { FIXED_METHODS, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import { definedMethods, formatMethodNotDefined } from './format-method-not-defined.js'
import { reportNoMatchingPath } from './format-no-matching-path.js'
import { getPathMatcher } from './get-path-matcher.js'
import { assertLoadedSpec, assertMethod, assertString } from './internal/arguments.js'
import type { MatchOptions, OperationMatch } from './types.js'

const FIXED = new Set<string>(FIXED_METHODS)

/**
 * Resolves a request's method and path to the operation that documents it. The path is matched as
 * `PathMatcher.match` does (query and fragment dropped, `stripPrefixes`, trailing slashes); then the
 * method: fixed Path Item fields (`get` … `trace` and 3.2 `query`) case-insensitively, any other method
 * against 3.2 `additionalOperations` keys case-sensitively (`COPY` does not find a key `copy`).
 * Never throws for an undocumented request: the result says what is missing, with the message the
 * validator reports.
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
  const match = getPathMatcher(spec).match(path, options)
  if (match === undefined) {
    const report = reportNoMatchingPath(spec, method, path, options)
    return {
      kind: 'no-path',
      message: report.message,
      normalizedPath: report.normalized.path,
      strippedPrefix: report.normalized.strippedPrefix,
      suggestions: report.suggestions,
      serversHint: report.serversHint,
    }
  }
  const operation = findOperation(spec.operationsByPath.get(match.template), method)
  if (operation !== undefined) return { kind: 'matched', path: match, operation }
  return {
    kind: 'no-method',
    path: match,
    message: formatMethodNotDefined(spec, method, match.template),
    definedMethods: definedMethods(spec, match.template),
  }
}

function findOperation(
  byMethod: ReadonlyMap<string, IndexedOperation> | undefined,
  method: string,
): IndexedOperation | undefined {
  if (byMethod === undefined) return undefined
  const lower = method.toLowerCase()
  if (FIXED.has(lower)) {
    const fixed = byMethod.get(lower.toUpperCase())
    // An `additionalOperations` key spelled like an upper-cased fixed method shares the index key.
    if (fixed !== undefined && !fixed.isAdditional) return fixed
  }
  const additional = byMethod.get(method)
  return additional?.isAdditional === true ? additional : undefined
}
