import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  assertLoadedSpec,
  assertObjectArgument,
  assertStringArgument,
  readMaxErrors,
  readWarningSink,
} from './internal/arguments.js'
import { buildResult } from './internal/build-result.js'
import { checkOperationRequest } from './internal/check-operation-request.js'
import { firstHeader, indexHeaders } from './internal/header-values.js'
import { getSpecState } from './internal/spec-state.js'
import { plainViolation } from './internal/spec-violations.js'
import { findWebhookOperation } from './internal/webhook-operation.js'
import type { ValidationResult, WebhookInput, WebhookValidationOptions } from './types.js'

/**
 * Validates a webhook delivery against a 3.1+ `webhooks` entry: its header parameters (when headers
 * are given) and its request body. The payload is a document the provider sends about its own
 * resources, so it is read like a response: `readOnly` properties belong in it, `writeOnly` ones do
 * not. `matchedPath` is the webhook name.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#oasWebhooks
 * @example
 * const result = validateWebhook(spec, 'issues-opened', {
 *   headers: { 'x-github-event': 'issues' }, body: payload,
 * })
 * result.outcome // 'success'
 */
export function validateWebhook(
  spec: LoadedSpec,
  name: string,
  input: WebhookInput,
  options: WebhookValidationOptions = {},
): ValidationResult {
  assertLoadedSpec('validateWebhook', spec)
  assertStringArgument('validateWebhook', 'the webhook name', name)
  assertObjectArgument('validateWebhook', 'the webhook input', input)
  assertObjectArgument('validateWebhook', 'the options', options)
  const maxErrors = readMaxErrors(options.maxErrors)
  const onWarning = readWarningSink(options.onWarning)
  const state = getSpecState(spec)
  return state.withSink(onWarning, () => {
    const lookup = findWebhookOperation(state, name, input.method)
    const method = (input.method ?? 'POST').toUpperCase()
    if (lookup.kind !== 'found') {
      return buildResult({
        spec,
        method,
        matchedPath: lookup.kind === 'no-method' ? name : null,
        matchedStatusKey: null,
        matchedContentType: null,
        matchedServer: null,
        violations: [
          plainViolation(
            lookup.kind === 'malformed'
              ? 'malformed-spec'
              : lookup.kind === 'no-method'
                ? 'method-not-defined'
                : 'no-matching-webhook',
            lookup.kind === 'malformed' ? 'spec' : lookup.kind === 'no-method' ? 'method' : 'path',
            lookup.message,
          ),
        ],
        skipReason: null,
        maxErrors,
        head: undefined,
      })
    }
    const operation = lookup.operation
    const headers = indexHeaders(input.headers)
    const contentType = input.contentType ?? firstHeader(headers, 'content-type')
    const { violations, contentKey, skipReason } = checkOperationRequest(
      state,
      operation,
      {
        pathParams: undefined,
        query: undefined,
        headers,
        cookies: undefined,
        body: input.body,
        contentType,
        maxErrors,
      },
      'response',
    )
    return buildResult({
      spec,
      method: operation.method,
      matchedPath: name,
      matchedStatusKey: null,
      matchedContentType: contentKey,
      matchedServer: null,
      violations,
      skipReason,
      maxErrors,
      head: {
        kind: 'webhook',
        method: operation.method,
        template: name,
        contentType,
        contentKey,
        operationId: operation.operationId,
      },
    })
  })
}
