import { isObject, type JsonValue } from '@contracttool/kernel'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec, assertObjectArgument } from './internal/arguments.js'

/**
 * The schema a response media type declares, as written (with its `$ref`s), or undefined when the
 * operation has no such response, media type or schema. `statusKey` and `contentTypeKey` are keys as
 * written in the spec (`'200'`, `'4XX'`, `'default'`; `'application/json'`).
 *
 * @see https://spec.openapis.org/oas/v3.1.0#media-type-object
 * @example
 * getResponseSchema(spec, operation, '200', 'application/json') // { $ref: '#/components/schemas/Pet' }
 */
export function getResponseSchema(
  spec: LoadedSpec,
  operation: IndexedOperation,
  statusKey: string,
  contentTypeKey: string,
): JsonValue | undefined {
  assertLoadedSpec('getResponseSchema', spec)
  assertObjectArgument('getResponseSchema', 'the operation', operation)
  const responses = operation.responses
  if (!isObject(responses) || !Object.hasOwn(responses, statusKey)) return undefined
  const response = responses[statusKey]
  if (!isObject(response) || !isObject(response.content) || !Object.hasOwn(response.content, contentTypeKey))
    return undefined
  const media = response.content[contentTypeKey]
  return isObject(media) ? media.schema : undefined
}
