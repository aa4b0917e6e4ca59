import { isObject, type JsonObject } from '@contracttool/kernel'
import { follow, type LoadedSpec, resolvePointer } from '@contracttool/spec-loader'

// The schema of one documented response media type, found by exact keys in the live spec: operation by path
// template and tracked method, response by the matched status key, media type by the matched key. Undefined
// when any step is missing or the schema is not an object.
export function resolveResponseSchema(
  spec: LoadedSpec,
  method: string,
  path: string,
  statusKey: string,
  contentType: string,
): JsonObject | undefined {
  const operation = spec.operationsByPath.get(path)?.get(method)
  const responses = operation?.responses
  if (!isObject(responses) || !Object.hasOwn(responses, statusKey)) return undefined
  const response = follow(spec.document, responses[statusKey])
  if (!isObject(response) || !isObject(response.content) || !Object.hasOwn(response.content, contentType)) {
    return undefined
  }
  const media = follow(spec.document, response.content[contentType])
  if (!isObject(media) || !isObject(media.schema)) return undefined
  const target = follow(spec.document, media.schema)
  // follow() stops on a dangling `$ref` and returns it: that schema cannot be read either.
  if (
    !isObject(target) ||
    (typeof target.$ref === 'string' && resolvePointer(spec.document, target.$ref) === undefined)
  ) {
    return undefined
  }
  return media.schema
}
