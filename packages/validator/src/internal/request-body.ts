import { types } from 'node:util'
import { isObject, type JsonObject, type JsonValue, sequentialMediaFormat } from '@contracttool/kernel'
import { escapePointerToken, schemaTypeOf } from '@contracttool/kernel/internal'
import { describesText, type IndexedOperation } from '@contracttool/spec-loader'
import type { SchemaContext, Violation } from '../types.js'
import { coerceValue, readShape, type ValueShape } from './coerce.js'
import { defineKey } from './lower-schema.js'
import {
  findMediaKey,
  firstJsonKey,
  isJsonMediaType,
  isOtherVariant,
  normalizeMediaType,
} from './media-type.js'
import { parseQueryString } from './parameter-styles.js'
import { runSchema } from './run-schema.js'
import type { SpecState } from './spec-state.js'
import { malformedNode, plainViolation } from './spec-violations.js'
import { validateJsonBody } from './validate-json-body.js'
import { sequencePlan, validateSequence } from './validate-sequence.js'

export interface BodyCheck {
  readonly violations: readonly Violation[]
  // The media type key the body was matched to.
  readonly contentKey: string | null
  // Set when the body matched a media type whose schema cannot be evaluated.
  readonly skipReason: string | null
}

const FORM = 'application/x-www-form-urlencoded'
const MULTIPART = 'multipart/form-data'

// Validates a request body: required-ness, the Content-Type against the declared media types (exact,
// `type/*`, `*/*`; a JSON type falls back to the first JSON key), then the schema: JSON bodies as
// decoded values, `application/x-www-form-urlencoded` and `multipart/form-data` as fields (an object,
// or raw urlencoded text) coerced to their property types. Other media types are content-type-checked
// only.
//
// @see https://spec.openapis.org/oas/v3.1.0#request-body-object
export function validateRequestBody(
  state: SpecState,
  operation: IndexedOperation,
  body: unknown,
  contentType: string | undefined,
  where: string,
  context: SchemaContext,
  maxErrors: number,
): BodyCheck {
  const spec = state.spec
  const requestBody = operation.requestBody
  const none: BodyCheck = { violations: [], contentKey: null, skipReason: null }
  if (requestBody === undefined) return none
  if (!isObject(requestBody))
    return {
      ...none,
      violations: [
        malformedNode(`${where}.requestBody`, operation.method, operation.path, spec.name, requestBody),
      ],
    }
  const absent =
    body === undefined ||
    (body === '' && (contentType === undefined || !isJsonMediaType(normalizeMediaType(contentType))))
  if (absent) {
    return requestBody.required === true
      ? {
          ...none,
          violations: [
            plainViolation(
              'body-empty',
              'body',
              `Request body is empty but ${operation.method} ${operation.path} defines a required request body in '${spec.name}' spec.`,
            ),
          ],
        }
      : none
  }
  const content = requestBody.content
  if (content === undefined) return none
  if (!isObject(content))
    return {
      ...none,
      violations: [
        malformedNode(`${where}.requestBody.content`, operation.method, operation.path, spec.name, content),
      ],
    }
  const keys = Object.keys(content)
  if (keys.length === 0) return none
  const normalized = contentType === undefined ? '' : normalizeMediaType(contentType)
  let key: string | undefined
  if (normalized === '')
    key =
      typeof body === 'string' && keys.length === 1
        ? keys[0]
        : (firstJsonKey(keys) ?? (keys.length === 1 ? keys[0] : undefined))
  else
    key =
      findMediaKey(keys, normalized, contentType) ??
      (isJsonMediaType(normalized) && !isOtherVariant(keys, normalized) ? firstJsonKey(keys) : undefined)
  if (key === undefined) {
    const shown = contentType === undefined ? '(none)' : contentType
    return {
      ...none,
      violations: [
        plainViolation(
          'content-type-not-defined',
          'content-type',
          `Request Content-Type '${shown}' is not defined for ${operation.method} ${operation.path} in '${spec.name}' spec. Defined content types: ${keys.join(', ')}`,
          { expected: keys.join(', '), actual: shown },
        ),
      ],
    }
  }
  const media = content[key]
  const mediaWhere = `${where}.requestBody.content[${JSON.stringify(key)}]`
  if (!isObject(media))
    return {
      ...none,
      contentKey: key,
      violations: [malformedNode(mediaWhere, operation.method, operation.path, spec.name, media)],
    }
  const format = sequentialMediaFormat(normalized === '' ? key : normalized)
  if (
    format !== undefined &&
    (media.itemSchema !== undefined || (spec.version === '3.2' && media.schema !== undefined))
  ) {
    // A sequential request body (OpenAPI 3.2): each item against `itemSchema`, as for responses.
    const plan = sequencePlan(
      format,
      media,
      () => `${operation.pointer}/requestBody/content/${escapePointerToken(key)}`,
    )
    return {
      ...none,
      contentKey: key,
      violations: validateSequence(state.registry(context), spec.document, plan, body, maxErrors),
    }
  }
  const schema = media.schema
  if (schema === undefined) return { ...none, contentKey: key }
  if (!isObject(schema) && !(spec.version !== '3.0' && typeof schema === 'boolean')) {
    return {
      ...none,
      contentKey: key,
      violations: [
        malformedNode(`${mediaWhere}.schema`, operation.method, operation.path, spec.name, schema),
      ],
    }
  }
  const schemaPointer = (): string =>
    `${operation.pointer}/requestBody/content/${escapePointerToken(key)}/schema`
  const keyType = normalizeMediaType(key)
  const effective = normalized === '' ? keyType : normalized
  if (isJsonMediaType(effective) || (normalized === '' && isJsonMediaType(keyType))) {
    return {
      ...none,
      contentKey: key,
      violations: validateJsonBody(state, context, schema, schemaPointer, body, contentType ?? key),
    }
  }
  if (effective === FORM || effective === MULTIPART) {
    const fields = readFields(body, effective)
    if (fields === undefined) {
      return {
        ...none,
        contentKey: key,
        violations: [
          plainViolation(
            'body-not-form',
            'body',
            `[/] a ${effective} body must be its fields (an object) or urlencoded text, received ${schemaTypeOf(body)}`,
          ),
        ],
      }
    }
    const document = spec.document
    const value = coerceFields(document, fields, readShape(document, schema))
    const registry = state.registry(context)
    return {
      ...none,
      contentKey: key,
      violations: runSchema(registry, registry.compile(schema, schemaPointer), value, {
        in: 'body',
        label: '',
      }),
    }
  }
  if (typeof body === 'string' && describesText(spec.document, schema)) {
    const registry = state.registry(context)
    return {
      ...none,
      contentKey: key,
      violations: runSchema(registry, registry.compile(schema, schemaPointer), body, {
        in: 'body',
        label: '',
      }),
    }
  }
  if (isBinaryString(schema)) return { ...none, contentKey: key }
  return {
    ...none,
    contentKey: key,
    skipReason: `request Content-Type '${contentType ?? key}' matched non-JSON spec media type '${key}', which declares a schema this validator cannot evaluate (JSON Schema engine only)`,
  }
}

function readFields(body: unknown, mediaType: string): Record<string, unknown> | undefined {
  if (typeof body === 'string') {
    if (mediaType !== FORM) return undefined
    const out: Record<string, unknown> = {}
    for (const [name, values] of parseQueryString(body))
      defineKey(out, name, values.length === 1 ? values[0] : values)
    return out
  }
  if (body instanceof URLSearchParams) {
    const out: Record<string, unknown> = {}
    for (const name of new Set(body.keys())) {
      const values = body.getAll(name)
      defineKey(out, name, values.length === 1 ? values[0] : values)
    }
    return out
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined
}

// Form fields arrive as strings (or lists of strings for repeated names); files as whatever the adapter
// parsed (a Buffer, a Blob, a descriptor object). Strings are coerced to their property's type; a
// file stands in as a string for a `type: string` property (OpenAPI describes file parts as binary
// strings), so size/pattern keywords do not apply to it.
function coerceFields(
  document: JsonObject,
  fields: Record<string, unknown>,
  shape: ValueShape,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(fields)) {
    const raw = fields[name]
    const propertySchema: JsonValue | undefined =
      shape.properties !== undefined && Object.hasOwn(shape.properties, name)
        ? shape.properties[name]
        : shape.additionalProperties
    const propertyShape = readShape(document, propertySchema)
    const wantsArray = propertyShape.types[0] === 'array'
    let value: unknown = raw
    if (isFile(raw)) value = ''
    else if (Array.isArray(raw)) value = raw.map((item) => (isFile(item) ? '' : item))
    if (wantsArray && !Array.isArray(value)) value = [value]
    if (!wantsArray && Array.isArray(value) && value.length === 1) value = value[0]
    if (typeof value === 'string' || Array.isArray(value)) value = coerceValue(document, value, propertyShape)
    defineKey(out, name, value)
  }
  return out
}

function isFile(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (types.isUint8Array(value) || types.isAnyArrayBuffer(value)) return true
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true
  const record = value as Record<string, unknown>
  return (
    typeof record.filename === 'string' ||
    typeof record.originalname === 'string' ||
    typeof record.mimetype === 'string'
  )
}

function isBinaryString(schema: JsonValue): boolean {
  return (
    isObject(schema) &&
    schema.type === 'string' &&
    (schema.format === 'binary' || schema.format === 'byte' || schema.contentEncoding !== undefined)
  )
}
