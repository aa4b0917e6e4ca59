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
import { NO_VIOLATIONS, runSchema } from './run-schema.js'
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

// Validates a request body in steps: the request body is documented and sound, a body was sent (else
// whether one is required), the Content-Type selects a declared media type (exact, `type/*`, `*/*`; a JSON
// type falls back to the first JSON key), then the body is checked as that media type's family says
// (BODY_FAMILIES, then the rest): a sequence item by item (OpenAPI 3.2), JSON as the decoded value,
// `application/x-www-form-urlencoded` and `multipart/form-data` as fields (an object, or raw urlencoded
// text) coerced to their property types, text against a string schema. Other media types are
// content-type-checked only.
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
  if (requestBody === undefined) return NONE
  if (!isObject(requestBody))
    return malformed(null, `${where}.requestBody`, operation, spec.name, requestBody)
  const absent =
    body === undefined ||
    (body === '' && (contentType === undefined || !isJsonMediaType(normalizeMediaType(contentType))))
  if (absent) {
    if (requestBody.required !== true) return NONE
    return failed(
      null,
      plainViolation(
        'body-empty',
        'body',
        `Request body is empty but ${operation.method} ${operation.path} defines a required request body in '${spec.name}' spec.`,
      ),
    )
  }
  const content = requestBody.content
  if (content === undefined) return NONE
  if (!isObject(content)) {
    return malformed(null, `${where}.requestBody.content`, operation, spec.name, content)
  }
  const keys = Object.keys(content)
  if (keys.length === 0) return NONE
  const normalized = contentType === undefined ? '' : normalizeMediaType(contentType)
  const key = selectMediaKey(keys, normalized, contentType, body)
  if (key === undefined) {
    const shown = contentType === undefined ? '(none)' : contentType
    return failed(
      null,
      plainViolation(
        'content-type-not-defined',
        'content-type',
        `Request Content-Type '${shown}' is not defined for ${operation.method} ${operation.path} in '${spec.name}' spec. Defined content types: ${keys.join(', ')}`,
        { expected: keys.join(', '), actual: shown },
      ),
    )
  }
  const media = content[key]
  const mediaWhere = `${where}.requestBody.content[${JSON.stringify(key)}]`
  if (!isObject(media)) return malformed(key, mediaWhere, operation, spec.name, media)
  const sent: SentBody = {
    state,
    operation,
    body,
    contentType,
    context,
    maxErrors,
    key,
    media,
    type: normalized === '' ? normalizeMediaType(key) : normalized,
    mediaWhere,
    schemaPointer: () => `${operation.pointer}/requestBody/content/${escapePointerToken(key)}/schema`,
  }
  for (const family of BODY_FAMILIES) {
    const check = family(sent)
    if (check !== undefined) return check
  }
  // Another media type: a binary string passes, any other schema is one this validator cannot evaluate.
  if (isBinaryString(media.schema as JsonValue)) return checked(key, NO_VIOLATIONS)
  return {
    violations: NO_VIOLATIONS,
    contentKey: key,
    skipReason: `request Content-Type '${contentType ?? key}' matched non-JSON spec media type '${key}', which declares a schema this validator cannot evaluate (JSON Schema engine only)`,
  }
}

const NONE: BodyCheck = { violations: NO_VIOLATIONS, contentKey: null, skipReason: null }

function failed(contentKey: string | null, ...violations: Violation[]): BodyCheck {
  return { violations, contentKey, skipReason: null }
}

function checked(contentKey: string, violations: readonly Violation[]): BodyCheck {
  return { violations, contentKey, skipReason: null }
}

function malformed(
  contentKey: string | null,
  where: string,
  operation: IndexedOperation,
  specName: string,
  node: Parameters<typeof malformedNode>[4],
): BodyCheck {
  return failed(contentKey, malformedNode(where, operation.method, operation.path, specName, node))
}

// The declared media type a body is checked against: by its Content-Type, or without one the single key
// of a text body, else the first JSON key, else the single key.
function selectMediaKey(
  keys: readonly string[],
  normalized: string,
  contentType: string | undefined,
  body: unknown,
): string | undefined {
  if (normalized === '') {
    if (typeof body === 'string' && keys.length === 1) return keys[0]
    return firstJsonKey(keys) ?? (keys.length === 1 ? keys[0] : undefined)
  }
  return (
    findMediaKey(keys, normalized, contentType) ??
    (isJsonMediaType(normalized) && !isOtherVariant(keys, normalized) ? firstJsonKey(keys) : undefined)
  )
}

// A body sent with a declared media type: what each family reads.
interface SentBody {
  readonly state: SpecState
  readonly operation: IndexedOperation
  readonly body: unknown
  readonly contentType: string | undefined
  readonly context: SchemaContext
  readonly maxErrors: number
  // The declared media type key, and its Media Type Object.
  readonly key: string
  readonly media: JsonObject
  // The media type the body is read as: the sent one, else the declared key's.
  readonly type: string
  readonly mediaWhere: string
  readonly schemaPointer: () => string
}

// Each family checks the bodies it reads and passes (undefined) on the others; the first that answers
// decides. Every family after `sequence` needs a schema that is a schema.
const BODY_FAMILIES: readonly ((sent: SentBody) => BodyCheck | undefined)[] = [
  // A sequential request body (OpenAPI 3.2): each item against `itemSchema`, as for responses.
  (sent) => {
    const { state, media, key } = sent
    const format = sequentialMediaFormat(sent.type)
    const isSequence =
      format !== undefined &&
      (media.itemSchema !== undefined || (state.spec.version === '3.2' && media.schema !== undefined))
    if (!isSequence) return undefined
    const plan = sequencePlan(
      format,
      media,
      () => `${sent.operation.pointer}/requestBody/content/${escapePointerToken(key)}`,
    )
    const registry = state.registry(sent.context)
    return checked(key, validateSequence(registry, state.spec.document, plan, sent.body, sent.maxErrors))
  },
  ({ state, operation, media, key, mediaWhere }) => {
    const schema = media.schema
    if (schema === undefined) return checked(key, NO_VIOLATIONS)
    if (isObject(schema) || (state.spec.version !== '3.0' && typeof schema === 'boolean')) return undefined
    return malformed(key, `${mediaWhere}.schema`, operation, state.spec.name, schema)
  },
  (sent) => {
    if (!isJsonMediaType(sent.type)) return undefined
    const { state, context, media, schemaPointer, body, contentType, key } = sent
    return checked(
      key,
      validateJsonBody(state, context, media.schema as JsonValue, schemaPointer, body, contentType ?? key),
    )
  },
  (sent) => {
    const { type, body, key, state } = sent
    if (type !== FORM && type !== MULTIPART) return undefined
    const fields = readFields(body, type)
    if (fields === undefined) {
      return failed(
        key,
        plainViolation(
          'body-not-form',
          'body',
          `[/] a ${type} body must be its fields (an object) or urlencoded text, received ${schemaTypeOf(body)}`,
        ),
      )
    }
    const document = state.spec.document
    const schema = sent.media.schema as JsonValue
    return checked(key, runBodySchema(sent, coerceFields(document, fields, readShape(document, schema))))
  },
  (sent) => {
    const schema = sent.media.schema as JsonValue
    if (typeof sent.body !== 'string' || !describesText(sent.state.spec.document, schema)) return undefined
    return checked(sent.key, runBodySchema(sent, sent.body))
  },
]

function runBodySchema(sent: SentBody, value: unknown): readonly Violation[] {
  const registry = sent.state.registry(sent.context)
  const compiled = registry.compile(sent.media.schema as JsonValue, sent.schemaPointer)
  return runSchema(registry, compiled, value, BODY)
}

const BODY = { in: 'body', label: '' } as const

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
