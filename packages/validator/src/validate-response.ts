import { types } from 'node:util'
import { ContractToolError, DEFAULT_SKIP_RESPONSE_CODES, isObject } from '@contracttool/kernel'
import { escapePointerToken, schemaTypeOf } from '@contracttool/kernel/internal'
import type { ServerBasePath } from '@contracttool/matcher/internal'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import {
  assertLoadedSpec,
  assertObjectArgument,
  assertStringArgument,
  readMatchServers,
  readMaxErrors,
  readStripPrefixes,
  readWarningSink,
} from './internal/arguments.js'
import { buildResult, successResult, unmatchedResult } from './internal/build-result.js'
import { describeValue, previewValue } from './internal/describe-value.js'
import { firstHeader, type HeaderIndex, indexHeaders, readContentType } from './internal/header-values.js'
import { matchOperationMemoized } from './internal/operation-memo.js'
import { validateResponseHeaders } from './internal/response-headers.js'
import { headerChecksOf, mediaPlan, type ResponsePlan, responsePlan } from './internal/response-plan.js'
import { NO_VIOLATIONS, runSchema } from './internal/run-schema.js'
import { findSkipPattern, skipPatternsFor } from './internal/skip-patterns.js'
import { getSpecState, type SpecState } from './internal/spec-state.js'
import { malformedNode, plainViolation } from './internal/spec-violations.js'
import { checkJsonBody } from './internal/validate-json-body.js'
import { validateSequence } from './internal/validate-sequence.js'
import type { ResponseInput, ResponseValidationOptions, ValidationResult, Violation } from './types.js'
import { ValidatorErrorCode } from './validator-error-code.js'

const NO_OPTIONS: ResponseValidationOptions = Object.freeze({})
const TEXT_BODY = { in: 'body', label: '' } as const
const SEQUENTIAL_FORMATS =
  'application/jsonl, application/x-ndjson, application/json-seq, text/event-stream, +jsonl, +json-seq'

// A body the response really carries: an empty or all-whitespace text is the same as none.
function hasBody(body: unknown): boolean {
  if (body === undefined) return false
  if (typeof body === 'string') return body.trim() !== ''
  if (types.isUint8Array(body)) return body.byteLength > 0
  return true
}

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
  options: ResponseValidationOptions = NO_OPTIONS,
): ValidationResult {
  assertLoadedSpec('validateResponse', spec)
  assertObjectArgument('validateResponse', 'the response', response)
  assertStringArgument('validateResponse', 'response.method', response.method)
  assertStringArgument('validateResponse', 'response.path', response.path)
  if (!Number.isInteger(response.status) || response.status < 100 || response.status > 999) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidArgument,
      `validateResponse() expects response.status to be an integer HTTP status, got ${typeof response.status === 'number' ? response.status : schemaTypeOf(response.status)}.`,
    )
  }
  assertObjectArgument('validateResponse', 'the options', options)
  const maxErrors = readMaxErrors(options.maxErrors)
  const stripPrefixes = readStripPrefixes(options.stripPrefixes)
  const matchServers = readMatchServers(options.matchServers)
  const onWarning = readWarningSink(options.onWarning)
  const state = getSpecState(spec)
  const skipPatterns = skipPatternsFor(
    state,
    'skipResponseCodes',
    options.skipResponseCodes ?? DEFAULT_SKIP_RESPONSE_CODES,
  )
  const previousSink = state.swapSink(onWarning)
  try {
    const match = matchOperationMemoized(
      spec,
      response.method,
      response.path,
      stripPrefixes,
      matchServers,
      options,
    )
    if (match.kind !== 'matched') return unmatchedResult(spec, response.method, match, maxErrors)
    const skip = findSkipPattern(skipPatterns, response.status)
    return validateMatched(
      state,
      match.operation,
      match.path.server ?? null,
      response,
      maxErrors,
      skip === undefined ? undefined : skip.source,
    )
  } finally {
    state.swapSink(previousSink)
  }
}

// The facts of one call that a failure message names; read only when the message is rendered.
interface Call {
  readonly spec: LoadedSpec
  readonly operation: IndexedOperation
  readonly server: ServerBasePath | null
  readonly status: number
  readonly requestPath: string
  readonly contentType: string | undefined
  readonly maxErrors: number
}

function validateMatched(
  state: SpecState,
  operation: IndexedOperation,
  server: ServerBasePath | null,
  response: ResponseInput,
  maxErrors: number,
  skipPattern: string | undefined,
): ValidationResult {
  const spec = state.spec
  const method = operation.method
  const template = operation.path
  const status = response.status
  const requestPath = response.path
  const headers = indexHeaders(response.headers)
  const contentType = readContentType(response.contentType ?? firstHeader(headers, 'content-type'))
  const call: Call = { spec, operation, server, status, requestPath, contentType, maxErrors }
  if (!isObject(operation.operation)) {
    return conclude(call, null, null, [
      malformedNode(operationWhere(operation), method, requestPath, spec.name, operation.operation),
    ])
  }
  const responses = operation.responses ?? {}
  // Checked before the skip patterns: a skip must never hide a broken spec.
  if (!isObject(responses)) {
    return conclude(call, null, null, [
      malformedNode(`${operationWhere(operation)}.responses`, method, requestPath, spec.name, responses),
    ])
  }
  if (skipPattern !== undefined) {
    return conclude(call, String(status), null, [], `status ${status} matched skip pattern ${skipPattern}`)
  }
  const plan = responsePlan(state, operation, responses, status)
  if (plan === undefined) {
    const documented = Object.keys(responses).filter((key) => !key.startsWith('x-'))
    const statuses =
      documented.length > 0
        ? `Documented statuses: ${documented.join(', ')}.`
        : `The operation documents no responses${operation.responses === undefined ? ' (its responses field is missing)' : ''}${spec.version === '3.0' ? ': OpenAPI 3.0 requires at least one' : ''}.`
    return conclude(call, String(status), null, [
      plainViolation(
        'status-not-defined',
        'status',
        `Status code ${status} not defined for ${method} ${template} in '${spec.name}' spec. ${statuses}`,
        { expected: documented.join(', '), actual: String(status) },
      ),
    ])
  }
  const statusKey = plan.statusKey
  const content = plan.content
  if (content.kind === 'malformed-entry') {
    return conclude(call, statusKey, null, [
      malformedNode(`responses[${statusKey}]`, method, requestPath, spec.name, content.entry),
    ])
  }
  if (content.kind === 'none') {
    const headerList = headerViolations(state, plan, operation, headers)
    if (!hasBody(response.body)) return conclude(call, statusKey, '*', headerList)
    return conclude(call, statusKey, '*', [
      plainViolation(
        'body-not-documented',
        'body',
        `Response body is not empty but ${method} ${template} (status ${status}) documents no content in '${spec.name}' spec: received ${describeValue(response.body)}.`,
        { expected: 'no body', actual: previewValue(response.body) },
      ),
      ...headerList,
    ])
  }
  if (content.kind === 'malformed-content') {
    return conclude(call, statusKey, null, [
      malformedNode(`responses[${statusKey}].content`, method, requestPath, spec.name, content.content),
    ])
  }
  const media = mediaPlan(
    plan,
    content,
    contentType,
    spec.version,
    spec.document,
    (key) =>
      `${operation.pointer}/responses/${escapePointerToken(statusKey)}/content/${escapePointerToken(key)}`,
  )
  switch (media.kind) {
    case 'undefined': {
      const defined = content.keys.join(', ')
      return conclude(call, statusKey, null, [
        plainViolation(
          'content-type-not-defined',
          'content-type',
          `Response Content-Type '${contentType}' is not defined for ${method} ${template} (status ${status}) in '${spec.name}' spec. Defined content types: ${defined}`,
          { expected: defined, actual: contentType ?? '' },
        ),
        ...headerViolations(state, plan, operation, headers),
      ])
    }
    case 'no-json':
      return conclude(
        call,
        statusKey,
        null,
        headerViolations(state, plan, operation, headers),
        media.streaming
          ? `the response has no Content-Type and the spec declares only OpenAPI 3.2 itemSchema (streaming) or non-JSON content types; send the Content-Type of the stream (${SEQUENTIAL_FORMATS}) so its items are validated`
          : 'spec declares only non-JSON content types and the validator has no schema engine for them',
      )
    case 'malformed': {
      const where = `responses[${statusKey}].content[${JSON.stringify(media.key)}]`
      return conclude(call, statusKey, media.key, [
        malformedNode(
          media.keyword === undefined ? where : `${where}.${media.keyword}`,
          method,
          requestPath,
          spec.name,
          media.value,
        ),
      ])
    }
    case 'item-schema':
      return conclude(
        call,
        statusKey,
        media.key,
        headerViolations(state, plan, operation, headers),
        `response Content-Type '${contentType ?? media.key}' matched '${media.key}', whose OpenAPI 3.2 itemSchema describes the items of a format this validator does not split (it reads ${SEQUENTIAL_FORMATS})`,
      )
    case 'sequence':
      return conclude(call, statusKey, media.key, [
        ...validateSequence(state.registry('response'), spec.document, media.plan, response.body, maxErrors),
        ...headerViolations(state, plan, operation, headers),
      ])
    case 'text': {
      if (typeof response.body !== 'string') {
        return conclude(call, statusKey, media.key, headerViolations(state, plan, operation, headers))
      }
      const registry = state.registry('response')
      const contentKey = media.key
      media.compiled ??= registry.compile(
        media.schema,
        () =>
          `${operation.pointer}/responses/${escapePointerToken(statusKey)}/content/${escapePointerToken(contentKey)}/schema`,
      )
      return conclude(call, statusKey, contentKey, [
        ...runSchema(registry, media.compiled, response.body, TEXT_BODY),
        ...headerViolations(state, plan, operation, headers),
      ])
    }
    case 'not-json':
      return conclude(
        call,
        statusKey,
        media.key,
        headerViolations(state, plan, operation, headers),
        media.hasSchema
          ? `response Content-Type '${contentType ?? media.key}' matched non-JSON spec media type '${media.key}', which declares a schema this validator cannot evaluate (JSON Schema engine only)`
          : null,
      )
    case 'no-schema':
      return conclude(call, statusKey, media.key, headerViolations(state, plan, operation, headers))
  }

  const contentKey = media.key
  let bodyViolations: readonly Violation[]
  if (response.body === undefined) {
    bodyViolations = [
      plainViolation(
        'body-empty',
        'body',
        `Response body is empty but ${method} ${template} (status ${status}) defines a JSON-compatible response schema in '${spec.name}' spec.`,
      ),
    ]
  } else {
    const registry = state.registry('response')
    media.compiled ??= registry.compile(
      media.schema,
      () =>
        `${operation.pointer}/responses/${escapePointerToken(statusKey)}/content/${escapePointerToken(contentKey)}/schema`,
    )
    bodyViolations = checkJsonBody(registry, media.compiled, response.body, contentType ?? contentKey)
  }
  const headerList = headerViolations(state, plan, operation, headers)
  if (headerList.length === 0 && bodyViolations.length === 0) {
    return conclude(call, statusKey, contentKey, bodyViolations)
  }
  const violations = [...bodyViolations, ...headerList]
  if (media.undeclared && bodyViolations.length > 0) {
    violations.push(
      plainViolation(
        'content-type-note',
        'content-type',
        `Note: response Content-Type '${contentType}' is not defined for ${method} ${template} (status ${status}) in '${spec.name}' spec; the reported body errors come from validating it against '${contentKey}'. Defined content types: ${content.keys.join(', ')}`,
      ),
    )
  }
  return conclude(call, statusKey, contentKey, violations)
}

function headerViolations(
  state: SpecState,
  plan: ResponsePlan,
  operation: IndexedOperation,
  headers: HeaderIndex | undefined,
): readonly Violation[] {
  return headers === undefined
    ? NO_VIOLATIONS
    : validateResponseHeaders(state, headerChecksOf(plan, operation), headers)
}

// Location strings are for failure messages only: built on demand, never on the success path.
function operationWhere(operation: IndexedOperation): string {
  return `paths[${JSON.stringify(operation.path)}].${operation.methodKey}`
}

// The result of a matched call; the failure or skip message is rendered on first read.
function conclude(
  call: Call,
  statusKey: string | null,
  contentKey: string | null,
  violations: readonly Violation[],
  skipReason: string | null = null,
): ValidationResult {
  const operation = call.operation
  if (violations.length === 0 && skipReason === null) {
    return successResult(
      call.spec,
      operation.method,
      operation.path,
      statusKey,
      contentKey,
      call.server,
      violations,
    )
  }
  return buildResult({
    spec: call.spec,
    method: operation.method,
    matchedPath: operation.path,
    matchedStatusKey: statusKey,
    matchedContentType: contentKey,
    matchedServer: call.server,
    violations,
    skipReason,
    maxErrors: call.maxErrors,
    head: () => ({
      kind: 'response',
      method: operation.method,
      template: operation.path,
      status: call.status,
      contentType: call.contentType,
      operationId: operation.operationId,
      requestPath: call.requestPath,
      server: call.server,
      statusKey,
      contentKey,
    }),
  })
}
