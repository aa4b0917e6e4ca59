import { isObject, parseCookieHeader } from '@contracttool/kernel'
import type { IndexedOperation } from '@contracttool/spec-loader'
import type { SchemaContext, Violation } from '../types.js'
import { checkSecurity } from './check-security.js'
import { firstHeader, type HeaderIndex } from './header-values.js'
import type { QueryMap } from './parameter-styles.js'
import { validateRequestBody } from './request-body.js'
import { validateParameters } from './request-parameters.js'
import type { SpecState } from './spec-state.js'
import { malformedNode } from './spec-violations.js'

// A request already matched to an operation (or a webhook), in the parts the checks read.
export interface MatchedRequest {
  readonly pathParams: Readonly<Record<string, string>> | undefined
  readonly query: QueryMap | undefined
  // The query string as sent (still percent-encoded), when the request path carried one.
  readonly rawQuery?: string | undefined
  // Undefined when headers were not captured: header parameters are then not checked.
  readonly headers: HeaderIndex | undefined
  readonly cookies: Readonly<Record<string, string | undefined>> | undefined
  readonly body: unknown
  readonly contentType: string | undefined
  // Violations explained in a sequential body (the rest of its failing items are counted).
  readonly maxErrors?: number
}

const DEFAULT_MAX_ERRORS = 20

// Parameters, security and body of a matched request, in the order violations are reported.
export function checkOperationRequest(
  state: SpecState,
  operation: IndexedOperation,
  request: MatchedRequest,
  bodyContext: SchemaContext = 'request',
): { violations: Violation[]; contentKey: string | null; skipReason: string | null } {
  const where = `paths[${JSON.stringify(operation.path)}].${operation.methodKey}`
  if (!isObject(operation.operation)) {
    return {
      violations: [
        malformedNode(where, operation.method, operation.path, state.spec.name, operation.operation),
      ],
      contentKey: null,
      skipReason: null,
    }
  }
  const cookies = request.cookies ?? parseCookieHeader(firstHeader(request.headers, 'cookie'))
  const parameters = validateParameters(state, operation, {
    pathParams: request.pathParams,
    query: request.query,
    rawQuery: request.rawQuery,
    headers: request.headers,
    cookies,
  })
  const security = checkSecurity(state, operation, {
    headers: request.headers,
    query: request.query ?? new Map(),
    cookies,
  })
  const body = validateRequestBody(
    state,
    operation,
    request.body,
    request.contentType,
    where,
    bodyContext,
    request.maxErrors ?? DEFAULT_MAX_ERRORS,
  )
  return {
    violations: [...parameters, ...security, ...body.violations],
    contentKey: body.contentKey,
    skipReason: body.skipReason,
  }
}
