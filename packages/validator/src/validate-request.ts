import { ContractToolError, isObject } from '@contracttool/kernel'
import { schemaTypeOf } from '@contracttool/kernel/internal'
import { matchOperation } from '@contracttool/matcher'
import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  assertLoadedSpec,
  assertObjectArgument,
  assertStringArgument,
  readMatchServers,
  readMaxErrors,
  readStripPrefixes,
  readWarningSink,
} from './internal/arguments.js'
import { buildResult, unmatchedResult } from './internal/build-result.js'
import { checkOperationRequest } from './internal/check-operation-request.js'
import { firstHeader, indexHeaders, readContentType } from './internal/header-values.js'
import { parseQueryString, type QueryMap } from './internal/parameter-styles.js'
import { findSkipPattern, skipPatternsFor } from './internal/skip-patterns.js'
import { getSpecState } from './internal/spec-state.js'
import { resolveStatusKey } from './internal/status-key.js'
import type { RequestInput, RequestValidationOptions, ValidationResult } from './types.js'
import { ValidatorErrorCode } from './validator-error-code.js'

const NO_PATTERNS: readonly string[] = []

/**
 * Validates a request against the operation it matches: path, query, header and cookie parameters
 * (style/explode decoding, strict coercion: `"01"` is not an integer, `"1"` not a boolean; `Accept`,
 * `Content-Type` and `Authorization` header parameters are ignored as OpenAPI says), 3.2 `querystring`,
 * security (bearer and apiKey checked, OR across requirements, AND within), and the body (JSON, form
 * and multipart validated; other media types content-type-checked). When the request was answered with
 * a documented status matching `skipRequestValidationResponseCodes`, violations downgrade to a skip:
 * the test sent a bad request on purpose.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#operation-object
 * @example
 * const result = validateRequest(spec, {
 *   method: 'POST', path: '/pets', headers: { authorization: 'Bearer t' },
 *   contentType: 'application/json', body: { name: 'Rex' },
 * })
 * result.outcome // 'success'
 */
export function validateRequest(
  spec: LoadedSpec,
  request: RequestInput,
  options: RequestValidationOptions = {},
): ValidationResult {
  assertLoadedSpec('validateRequest', spec)
  assertObjectArgument('validateRequest', 'the request', request)
  assertStringArgument('validateRequest', 'request.method', request.method)
  assertStringArgument('validateRequest', 'request.path', request.path)
  assertObjectArgument('validateRequest', 'the options', options)
  const maxErrors = readMaxErrors(options.maxErrors)
  const stripPrefixes = readStripPrefixes(options.stripPrefixes)
  const matchServers = readMatchServers(options.matchServers)
  const onWarning = readWarningSink(options.onWarning)
  const responseStatus = options.responseStatus
  if (
    responseStatus !== undefined &&
    (!Number.isInteger(responseStatus) || responseStatus < 100 || responseStatus > 999)
  ) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidOption,
      `responseStatus must be an integer HTTP status, got ${typeof responseStatus === 'number' ? responseStatus : schemaTypeOf(responseStatus)}.`,
    )
  }
  const state = getSpecState(spec)
  const downgradePatterns = skipPatternsFor(
    state,
    'skipRequestValidationResponseCodes',
    options.skipRequestValidationResponseCodes ?? NO_PATTERNS,
  )
  return state.withSink(onWarning, () => {
    const match = matchOperation(
      spec,
      request.method,
      request.path,
      stripPrefixes === undefined && matchServers ? undefined : options,
    )
    if (match.kind !== 'matched') return unmatchedResult(spec, request.method, match, maxErrors)
    const operation = match.operation
    const headers = indexHeaders(request.headers ?? {})
    const contentType = readContentType(request.contentType ?? firstHeader(headers, 'content-type'))
    const { violations, contentKey, skipReason } = checkOperationRequest(state, operation, {
      pathParams: match.path.params,
      query: readQuery(request),
      rawQuery: rawQueryOf(request.path),
      headers,
      cookies: request.cookies,
      body: request.body,
      contentType,
      maxErrors,
    })
    let downgrade: string | null = null
    if (violations.length > 0 && responseStatus !== undefined) {
      const pattern = findSkipPattern(downgradePatterns, responseStatus)
      const responses = operation.responses
      const documented =
        pattern === undefined || !isObject(responses)
          ? undefined
          : resolveStatusKey(responses, responseStatus)
      if (pattern !== undefined && documented?.kind === 'found') {
        downgrade = `request validation skipped: response ${responseStatus} is documented (spec key ${documented.key}) and matched pattern ${pattern.source}`
      }
    }
    return buildResult({
      spec,
      method: operation.method,
      matchedPath: operation.path,
      matchedStatusKey: null,
      matchedContentType: contentKey,
      matchedServer: match.path.server ?? null,
      violations: downgrade === null ? violations : [],
      skipReason: downgrade ?? skipReason,
      maxErrors,
      head: {
        kind: 'request',
        method: operation.method,
        template: operation.path,
        contentType,
        contentKey,
        operationId: operation.operationId,
        requestPath: request.path,
        server: match.path.server,
      },
    })
  })
}

// The query as a map: `request.query` when given, else parsed from the path's query string.
// The query string of the path as sent, still percent-encoded (what `allowReserved` is about).
function rawQueryOf(path: string): string | undefined {
  const question = path.indexOf('?')
  if (question === -1) return undefined
  const hash = path.indexOf('#', question)
  return path.slice(question + 1, hash === -1 ? undefined : hash)
}

function readQuery(request: RequestInput): QueryMap {
  if (request.query !== undefined) {
    const out = new Map<string, string[]>()
    for (const name of Object.keys(request.query)) {
      const value = request.query[name]
      if (value === undefined) continue
      out.set(name, Array.isArray(value) ? value.map(String) : [String(value)])
    }
    return out
  }
  const raw = rawQueryOf(request.path)
  return raw === undefined ? new Map() : parseQueryString(raw)
}
