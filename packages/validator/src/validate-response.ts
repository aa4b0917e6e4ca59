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
import {
  type ContentPlan,
  headerChecksOf,
  type MediaPlan,
  mediaPlan,
  type ResponsePlan,
  responsePlan,
} from './internal/response-plan.js'
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

// A response whose status the operation documents with content: what each media outcome reads.
interface Documented {
  readonly state: SpecState
  readonly call: Call
  readonly plan: ResponsePlan
  readonly content: ContentOf<'content'>
  readonly headers: HeaderIndex | undefined
  readonly body: unknown
  readonly statusKey: string
}

type ContentOf<K extends ContentPlan['kind']> = Extract<ContentPlan, { kind: K }>
type MediaOf<K extends MediaPlan['kind']> = Extract<MediaPlan, { kind: K }>

// Validates a response of a matched operation in steps: the operation and its `responses` map are sound,
// no skip pattern matches, the status is documented, its content is sound, then what the negotiated media
// type says (MEDIA_OUTCOMES).
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
  const { status, path: requestPath } = response
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
  if (plan === undefined) return conclude(call, String(status), null, [statusNotDefined(call, responses)])
  const { statusKey, content } = plan
  switch (content.kind) {
    case 'malformed-entry':
      return conclude(call, statusKey, null, [
        malformedNode(`responses[${statusKey}]`, method, requestPath, spec.name, content.entry),
      ])
    case 'malformed-content':
      return conclude(call, statusKey, null, [
        malformedNode(`responses[${statusKey}].content`, method, requestPath, spec.name, content.content),
      ])
    case 'none': {
      const headerList = headerViolations(state, plan, operation, headers)
      if (!hasBody(response.body)) return conclude(call, statusKey, '*', headerList)
      return conclude(call, statusKey, '*', [bodyNotDocumented(call, response.body), ...headerList])
    }
  }
  const media = mediaPlan(plan, content, contentType, spec.version, spec.document, (key) =>
    contentPointer(operation, statusKey, key),
  )
  const documented: Documented = { state, call, plan, content, headers, body: response.body, statusKey }
  return (MEDIA_OUTCOMES[media.kind] as (documented: Documented, media: MediaPlan) => ValidationResult)(
    documented,
    media,
  )
}

// What each negotiated media type of a documented response leads to.
const MEDIA_OUTCOMES: {
  readonly [K in MediaPlan['kind']]: (d: Documented, media: MediaOf<K>) => ValidationResult
} = {
  undefined(d) {
    const { call, content } = d
    const defined = content.keys.join(', ')
    return conclude(call, d.statusKey, null, [
      plainViolation(
        'content-type-not-defined',
        'content-type',
        `Response Content-Type '${call.contentType}' is not defined for ${describeCall(call)} in '${call.spec.name}' spec. Defined content types: ${defined}`,
        { expected: defined, actual: call.contentType ?? '' },
      ),
      ...documentedHeaders(d),
    ])
  },
  'no-json': (d, media) =>
    conclude(
      d.call,
      d.statusKey,
      null,
      documentedHeaders(d),
      media.streaming
        ? `the response has no Content-Type and the spec declares only OpenAPI 3.2 itemSchema (streaming) or non-JSON content types; send the Content-Type of the stream (${SEQUENTIAL_FORMATS}) so its items are validated`
        : 'spec declares only non-JSON content types and the validator has no schema engine for them',
    ),
  malformed(d, media) {
    const { call } = d
    const where = `responses[${d.statusKey}].content[${JSON.stringify(media.key)}]`
    return conclude(call, d.statusKey, media.key, [
      malformedNode(
        media.keyword === undefined ? where : `${where}.${media.keyword}`,
        call.operation.method,
        call.requestPath,
        call.spec.name,
        media.value,
      ),
    ])
  },
  'item-schema': (d, media) =>
    conclude(
      d.call,
      d.statusKey,
      media.key,
      documentedHeaders(d),
      `response Content-Type '${d.call.contentType ?? media.key}' matched '${media.key}', whose OpenAPI 3.2 itemSchema describes the items of a format this validator does not split (it reads ${SEQUENTIAL_FORMATS})`,
    ),
  sequence: (d, media) =>
    conclude(d.call, d.statusKey, media.key, [
      ...validateSequence(
        d.state.registry('response'),
        d.call.spec.document,
        media.plan,
        d.body,
        d.call.maxErrors,
      ),
      ...documentedHeaders(d),
    ]),
  text(d, media) {
    if (typeof d.body !== 'string') return conclude(d.call, d.statusKey, media.key, documentedHeaders(d))
    const registry = d.state.registry('response')
    media.compiled ??= registry.compile(media.schema, () => schemaPointer(d, media.key))
    return conclude(d.call, d.statusKey, media.key, [
      ...runSchema(registry, media.compiled, d.body, TEXT_BODY),
      ...documentedHeaders(d),
    ])
  },
  'not-json': (d, media) =>
    conclude(
      d.call,
      d.statusKey,
      media.key,
      documentedHeaders(d),
      media.hasSchema
        ? `response Content-Type '${d.call.contentType ?? media.key}' matched non-JSON spec media type '${media.key}', which declares a schema this validator cannot evaluate (JSON Schema engine only)`
        : null,
    ),
  'no-schema': (d, media) => conclude(d.call, d.statusKey, media.key, documentedHeaders(d)),
  json(d, media) {
    const { call } = d
    const contentKey = media.key
    let bodyViolations: readonly Violation[]
    if (d.body === undefined) {
      bodyViolations = [
        plainViolation(
          'body-empty',
          'body',
          `Response body is empty but ${describeCall(call)} defines a JSON-compatible response schema in '${call.spec.name}' spec.`,
        ),
      ]
    } else {
      const registry = d.state.registry('response')
      media.compiled ??= registry.compile(media.schema, () => schemaPointer(d, contentKey))
      bodyViolations = checkJsonBody(registry, media.compiled, d.body, call.contentType ?? contentKey)
    }
    const headerList = documentedHeaders(d)
    if (headerList.length === 0 && bodyViolations.length === 0) {
      return conclude(call, d.statusKey, contentKey, bodyViolations)
    }
    const violations = [...bodyViolations, ...headerList]
    if (media.undeclared && bodyViolations.length > 0) {
      violations.push(
        plainViolation(
          'content-type-note',
          'content-type',
          `Note: response Content-Type '${call.contentType}' is not defined for ${describeCall(call)} in '${call.spec.name}' spec; the reported body errors come from validating it against '${contentKey}'. Defined content types: ${d.content.keys.join(', ')}`,
        ),
      )
    }
    return conclude(call, d.statusKey, contentKey, violations)
  },
}

// `GET /pets/{id} (status 200)`, as the messages about a documented response name it.
function describeCall(call: Call): string {
  return `${call.operation.method} ${call.operation.path} (status ${call.status})`
}

function statusNotDefined(call: Call, responses: object): Violation {
  const { spec, operation, status } = call
  const documented = Object.keys(responses).filter((key) => !key.startsWith('x-'))
  const statuses =
    documented.length > 0
      ? `Documented statuses: ${documented.join(', ')}.`
      : `The operation documents no responses${operation.responses === undefined ? ' (its responses field is missing)' : ''}${spec.version === '3.0' ? ': OpenAPI 3.0 requires at least one' : ''}.`
  return plainViolation(
    'status-not-defined',
    'status',
    `Status code ${status} not defined for ${operation.method} ${operation.path} in '${spec.name}' spec. ${statuses}`,
    { expected: documented.join(', '), actual: String(status) },
  )
}

function bodyNotDocumented(call: Call, body: unknown): Violation {
  return plainViolation(
    'body-not-documented',
    'body',
    `Response body is not empty but ${describeCall(call)} documents no content in '${call.spec.name}' spec: received ${describeValue(body)}.`,
    { expected: 'no body', actual: previewValue(body) },
  )
}

function contentPointer(operation: IndexedOperation, statusKey: string, key: string): string {
  return `${operation.pointer}/responses/${escapePointerToken(statusKey)}/content/${escapePointerToken(key)}`
}

function schemaPointer(d: Documented, contentKey: string): string {
  return `${contentPointer(d.call.operation, d.statusKey, contentKey)}/schema`
}

function documentedHeaders(d: Documented): readonly Violation[] {
  return headerViolations(d.state, d.plan, d.call.operation, d.headers)
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
