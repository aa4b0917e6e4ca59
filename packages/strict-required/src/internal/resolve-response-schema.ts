import { isObject, type JsonObject } from '@contracttool/kernel'
import { follow, type LoadedSpec, resolvePointer } from '@contracttool/spec-loader'
import { type SequenceView, sequenceViewOf } from './sequence-view.js'

// The media type object of one documented response, found by exact keys as `resolveResponseSchema` does.
export function resolveResponseMedia(
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
  return isObject(media) ? media : undefined
}

// A sequential media type (JSON Lines, json-seq, server-sent events) is read as the array of its items.
export function resolveSequenceView(
  spec: LoadedSpec,
  method: string,
  path: string,
  statusKey: string,
  contentType: string,
): SequenceView | undefined {
  const media = resolveResponseMedia(spec, method, path, statusKey, contentType)
  return media === undefined ? undefined : sequenceViewOf(spec.document, contentType, media)
}

// The schema of one documented response media type, found by exact keys in the live spec: operation by path
// template and tracked method, response by the matched status key, media type by the matched key. Undefined
// when any step is missing or the schema is not an object. A sequential media type's schema is the array of
// its items.
export function resolveResponseSchema(
  spec: LoadedSpec,
  method: string,
  path: string,
  statusKey: string,
  contentType: string,
): JsonObject | undefined {
  const media = resolveResponseMedia(spec, method, path, statusKey, contentType)
  if (media === undefined) return undefined
  const sequence = sequenceViewOf(spec.document, contentType, media)
  if (sequence !== undefined) return sequence.schema
  if (!isObject(media.schema)) return undefined
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
