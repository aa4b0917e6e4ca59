import { matchOperation } from '@contracttool/matcher'
import {
  ContractToolError,
  escapePointerToken,
  type IndexedOperation,
  isObject,
  type JsonObject,
  type JsonValue,
  type LoadedSpec,
} from '@contracttool/spec-loader'
import {
  assertLoadedSpec,
  assertObjectArgument,
  assertStringArgument,
  readMaxErrors,
  readStripPrefixes,
  readWarningSink,
} from './internal/arguments.js'
import { buildResult, type MessageHead, unmatchedResult } from './internal/build-result.js'
import { typeNameForMessage } from './internal/describe-value.js'
import { firstHeader, indexHeaders } from './internal/header-values.js'
import { findMediaKey, firstJsonKey, isJsonMediaType, normalizeMediaType } from './internal/media-type.js'
import { validateResponseHeaders } from './internal/response-headers.js'
import { DEFAULT_SKIP_RESPONSE_CODES, findSkipPattern, skipPatternsFor } from './internal/skip-patterns.js'
import { getSpecState, type SpecState } from './internal/spec-state.js'
import { malformedNode, plainViolation } from './internal/spec-violations.js'
import { resolveStatusKey } from './internal/status-key.js'
import { validateJsonBody } from './internal/validate-json-body.js'
import type { ResponseInput, ResponseValidationOptions, ValidationResult, Violation } from './types.js'
import { ValidatorErrorCode } from './validator-error-code.js'

/**
 * Validates a response against the operation its request matched, in this order: path, method,
 * malformed `responses` map, status skip patterns (default `5\d\d`), status key (exact beats `4XX`
 * beats `default`), content negotiation, body, headers, content-type note. Never throws for a
 * violation; throws a `ContractToolError` only for misuse (see the README's "Error codes").
 *
 * @see https://spec.openapis.org/oas/v3.1.0#response-object
 * @example
 * const result = validateResponse(spec, {
 *   method: 'GET', path: '/pets/7', status: 200,
 *   headers: { 'content-type': 'application/json' }, body: { id: 7, name: 'Rex' },
 * })
 * if (result.outcome === 'failure') throw new Error(result.message)
 */
export function validateResponse(
  spec: LoadedSpec,
  response: ResponseInput,
  options: ResponseValidationOptions = {},
): ValidationResult {
  assertLoadedSpec('validateResponse', spec)
  assertObjectArgument('validateResponse', 'the response', response)
  assertStringArgument('validateResponse', 'response.method', response.method)
  assertStringArgument('validateResponse', 'response.path', response.path)
  if (!Number.isInteger(response.status) || response.status < 100 || response.status > 999) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidArgument,
      `validateResponse() expects response.status to be an integer HTTP status, got ${typeof response.status === 'number' ? response.status : typeNameForMessage(response.status)}.`,
    )
  }
  assertObjectArgument('validateResponse', 'the options', options)
  const maxErrors = readMaxErrors(options.maxErrors)
  const stripPrefixes = readStripPrefixes(options.stripPrefixes)
  const onWarning = readWarningSink(options.onWarning)
  const state = getSpecState(spec)
  const skipPatterns = skipPatternsFor(
    state,
    'skipResponseCodes',
    options.skipResponseCodes ?? DEFAULT_SKIP_RESPONSE_CODES,
  )
  return state.withSink(onWarning, () => {
    const match = matchOperation(
      spec,
      response.method,
      response.path,
      stripPrefixes === undefined ? {} : { stripPrefixes },
    )
    if (match.kind !== 'matched') return unmatchedResult(spec, response.method, match, maxErrors)
    const status = response.status
    const skip = findSkipPattern(skipPatterns, status)
    return validateMatched(
      state,
      match.operation,
      response,
      maxErrors,
      skip === undefined ? undefined : skip.source,
    )
  })
}

function validateMatched(
  state: SpecState,
  operation: IndexedOperation,
  response: ResponseInput,
  maxErrors: number,
  skipPattern: string | undefined,
): ValidationResult {
  const spec = state.spec
  const method = operation.method
  const template = operation.path
  const status = response.status
  const headers = indexHeaders(response.headers)
  const contentTypeHeader = response.contentType ?? firstHeader(headers, 'content-type')
  const head = (): MessageHead => ({
    kind: 'response',
    method,
    template,
    status,
    contentType: contentTypeHeader,
    operationId: operation.operationId,
    requestPath: response.path,
  })
  const result = (fields: {
    statusKey: string | null
    contentKey: string | null
    violations: readonly Violation[]
    skipReason?: string | null
  }): ValidationResult =>
    buildResult({
      spec,
      method,
      matchedPath: template,
      matchedStatusKey: fields.statusKey,
      matchedContentType: fields.contentKey,
      violations: fields.violations,
      skipReason: fields.skipReason ?? null,
      maxErrors,
      head: () => ({ ...head(), statusKey: fields.statusKey, contentKey: fields.contentKey }),
    })
  // Location strings are for failure messages only: built on demand, never on the success path.
  const where = (): string => `paths[${JSON.stringify(template)}].${operation.methodKey}`
  if (!isObject(operation.operation)) {
    return result({
      statusKey: null,
      contentKey: null,
      violations: [malformedNode(where(), method, response.path, spec.name, operation.operation)],
    })
  }
  const responses = operation.responses ?? {}
  // Checked before the skip patterns: a skip must never hide a broken spec.
  if (!isObject(responses)) {
    return result({
      statusKey: null,
      contentKey: null,
      violations: [malformedNode(`${where()}.responses`, method, response.path, spec.name, responses)],
    })
  }
  if (skipPattern !== undefined) {
    return result({
      statusKey: String(status),
      contentKey: null,
      violations: [],
      skipReason: `status ${status} matched skip pattern ${skipPattern}`,
    })
  }
  const resolution = resolveStatusKey(responses, status)
  if (resolution.kind === 'none') {
    const documented = Object.keys(responses).filter((key) => !key.startsWith('x-'))
    return result({
      statusKey: String(status),
      contentKey: null,
      violations: [
        plainViolation(
          'status-not-defined',
          'status',
          `Status code ${status} not defined for ${method} ${template} in '${spec.name}' spec. Documented statuses: ${documented.length === 0 ? '(none)' : documented.join(', ')}.`,
          { expected: documented.join(', '), actual: String(status) },
        ),
      ],
    })
  }
  const statusKey = resolution.key
  for (const key of resolution.suspicious) {
    state.warn(
      `suspicious-key:${operation.key}:${key}`,
      `[OpenAPI] spec '${spec.name}' ${method} ${template}: response key '${key}' is not a valid HTTP status, range key (1XX-5XX / 1xx-5xx), or 'default'; falling back to 'default' may be hiding a typo.`,
    )
  }
  const entry = responses[statusKey]
  if (!isObject(entry)) {
    return result({
      statusKey,
      contentKey: null,
      violations: [malformedNode(`responses[${statusKey}]`, method, response.path, spec.name, entry)],
    })
  }
  const responsePointer = (): string => `${operation.pointer}/responses/${escapePointerToken(statusKey)}`
  const headerViolations = (): Violation[] =>
    headers === undefined
      ? []
      : validateResponseHeaders(state, entry.headers, headers, {
          method,
          template,
          pointer: responsePointer,
        })

  const content = entry.content
  if (content === undefined || (isObject(content) && Object.keys(content).length === 0)) {
    return result({ statusKey, contentKey: '*', violations: headerViolations() })
  }
  if (!isObject(content)) {
    return result({
      statusKey,
      contentKey: null,
      violations: [
        malformedNode(`responses[${statusKey}].content`, method, response.path, spec.name, content),
      ],
    })
  }
  const negotiation = negotiate(content, contentTypeHeader)
  const keys = Object.keys(content)
  const defined = keys.join(', ')
  if (negotiation.kind === 'undefined') {
    return result({
      statusKey,
      contentKey: null,
      violations: [
        plainViolation(
          'content-type-not-defined',
          'content-type',
          `Response Content-Type '${contentTypeHeader}' is not defined for ${method} ${template} (status ${status}) in '${spec.name}' spec. Defined content types: ${defined}`,
          { expected: defined, actual: contentTypeHeader ?? '' },
        ),
        ...headerViolations(),
      ],
    })
  }
  if (negotiation.kind === 'no-json') {
    const streaming = keys.some(
      (key) => isObject(content[key]) && (content[key] as JsonObject).itemSchema !== undefined,
    )
    return result({
      statusKey,
      contentKey: null,
      violations: headerViolations(),
      skipReason: streaming
        ? 'spec declares only OpenAPI 3.2 itemSchema (streaming) or non-JSON content types; stream items cannot be validated from the buffered response body'
        : 'spec declares only non-JSON content types and the validator has no schema engine for them',
    })
  }
  const contentKey = negotiation.key
  const media = content[contentKey]
  const mediaWhere = `responses[${statusKey}].content[${JSON.stringify(contentKey)}]`
  if (!isObject(media)) {
    return result({
      statusKey,
      contentKey,
      violations: [malformedNode(mediaWhere, method, response.path, spec.name, media)],
    })
  }
  for (const keyword of ['schema', 'itemSchema'] as const) {
    const value = media[keyword]
    if (value !== undefined && !isObject(value) && !(spec.version !== '3.0' && typeof value === 'boolean')) {
      return result({
        statusKey,
        contentKey,
        violations: [malformedNode(`${mediaWhere}.${keyword}`, method, response.path, spec.name, value)],
      })
    }
  }
  const shownType = contentTypeHeader ?? contentKey
  if (media.schema === undefined && media.itemSchema !== undefined) {
    return result({
      statusKey,
      contentKey,
      violations: headerViolations(),
      skipReason: `response Content-Type '${shownType}' uses OpenAPI 3.2 itemSchema streaming semantics; stream items cannot be validated from the buffered response body and were explicitly skipped`,
    })
  }
  if (!negotiation.json) {
    return result({
      statusKey,
      contentKey,
      violations: headerViolations(),
      skipReason:
        media.schema === undefined
          ? null
          : `response Content-Type '${shownType}' matched non-JSON spec media type '${contentKey}', which declares a schema this validator cannot evaluate (JSON Schema engine only)`,
    })
  }
  if (media.schema === undefined) return result({ statusKey, contentKey, violations: headerViolations() })

  const bodyViolations: Violation[] = []
  if (response.body === undefined) {
    bodyViolations.push(
      plainViolation(
        'body-empty',
        'body',
        `Response body is empty but ${method} ${template} (status ${status}) defines a JSON-compatible response schema in '${spec.name}' spec.`,
      ),
    )
  } else {
    const schemaPointer = (): string =>
      `${responsePointer()}/content/${escapePointerToken(contentKey)}/schema`
    bodyViolations.push(
      ...validateJsonBody(
        state,
        'response',
        media.schema as JsonValue,
        schemaPointer,
        response.body,
        shownType,
      ),
    )
  }
  const violations = [...bodyViolations, ...headerViolations()]
  if (negotiation.undeclared && bodyViolations.length > 0) {
    violations.push(
      plainViolation(
        'content-type-note',
        'content-type',
        `Note: response Content-Type '${contentTypeHeader}' is not defined for ${method} ${template} (status ${status}) in '${spec.name}' spec; the reported body errors come from validating it against '${contentKey}'. Defined content types: ${defined}`,
      ),
    )
  }
  return result({ statusKey, contentKey, violations })
}

type Negotiation =
  | { readonly kind: 'found'; readonly key: string; readonly json: boolean; readonly undeclared: boolean }
  | { readonly kind: 'undefined' }
  | { readonly kind: 'no-json' }

// Picks the media type entry for the response. A JSON type (`application/json`, `…+json`) looks for
// its exact key, then `type/*`, then `*/*`, and otherwise falls back to the first JSON key (the
// result then carries a note when the body fails). Other types look for exact, range, wildcard.
// Without a Content-Type, the first JSON key (or a range covering JSON) is used.
//
// @see https://spec.openapis.org/oas/v3.1.0#media-type-object
function negotiate(content: JsonObject, contentType: string | undefined): Negotiation {
  const keys = Object.keys(content)
  const normalized = contentType === undefined ? '' : normalizeMediaType(contentType)
  if (normalized === '') {
    const key = firstJsonKey(keys) ?? findMediaKey(keys, 'application/json')
    return key === undefined ? { kind: 'no-json' } : { kind: 'found', key, json: true, undeclared: false }
  }
  const declared = findMediaKey(keys, normalized)
  if (isJsonMediaType(normalized)) {
    if (declared !== undefined) return { kind: 'found', key: declared, json: true, undeclared: false }
    const fallback = firstJsonKey(keys)
    return fallback === undefined
      ? { kind: 'undefined' }
      : { kind: 'found', key: fallback, json: true, undeclared: true }
  }
  return declared === undefined
    ? { kind: 'undefined' }
    : { kind: 'found', key: declared, json: false, undeclared: false }
}
