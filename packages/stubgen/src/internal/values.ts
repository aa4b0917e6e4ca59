import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { follow } from '@contracttool/spec-loader'

/** A value for a generated test; `isTodo` when no example or typed placeholder existed. */
export interface PickedValue {
  readonly value: JsonValue
  readonly isTodo: boolean
}

export const ZERO_UUID = '00000000-0000-0000-0000-000000000000'
const TODO: PickedValue = { value: 'TODO', isTodo: true }

/**
 * A parameter value, in the order the README gives: parameter `example` → first `examples` value →
 * `schema.example` → `schema.default` → first scalar of `schema.enum` → typed placeholder → `TODO`.
 */
export function pickParameterValue(document: JsonObject, parameter: JsonObject): PickedValue {
  if (parameter.example !== undefined) return { value: parameter.example, isTodo: false }
  const fromExamples = firstExampleValue(document, parameter.examples)
  if (fromExamples !== undefined) return { value: fromExamples, isTodo: false }
  const schema = parameterSchema(document, parameter)
  if (!isObject(schema)) return TODO
  const annotated = schemaAnnotatedValue(document, schema)
  if (annotated !== undefined) return { value: annotated, isTodo: false }
  const typed = typedPlaceholder(document, schema, 0, new Set())
  return typed === undefined ? TODO : { value: typed, isTodo: false }
}

/**
 * A request or response body: media `example` → first `examples` value → `schema.example` → first
 * `schema.examples` entry (3.1) → a type-shaped placeholder (flagged TODO). `{}` and `[]` are kept apart.
 */
export function pickBodyValue(document: JsonObject, media: JsonValue | undefined): PickedValue {
  const mediaObject = follow(document, media)
  if (isObject(mediaObject)) {
    if (mediaObject.example !== undefined) return { value: mediaObject.example, isTodo: false }
    const fromExamples = firstExampleValue(document, mediaObject.examples)
    if (fromExamples !== undefined) return { value: fromExamples, isTodo: false }
    const schema = follow(document, mediaObject.schema)
    if (isObject(schema)) {
      if (schema.example !== undefined) return { value: schema.example, isTodo: false }
      if (Array.isArray(schema.examples) && schema.examples.length > 0) {
        return { value: schema.examples[0] as JsonValue, isTodo: false }
      }
      return { value: shapedPlaceholder(document, schema, 0, new Set()), isTodo: true }
    }
  }
  return { value: {}, isTodo: true }
}

/** The value of a header a response must carry, as a string. */
export function pickHeaderValue(document: JsonObject, header: JsonValue): PickedValue {
  const object = follow(document, header)
  if (!isObject(object)) return TODO
  return pickParameterValue(document, object)
}

function parameterSchema(document: JsonObject, parameter: JsonObject): JsonValue {
  if (parameter.schema !== undefined) return follow(document, parameter.schema)
  const content = follow(document, parameter.content)
  if (isObject(content)) {
    const first = Object.values(content)[0]
    const media = follow(document, first)
    if (isObject(media)) return follow(document, media.schema)
  }
  return null
}

function firstExampleValue(document: JsonObject, examples: JsonValue | undefined): JsonValue | undefined {
  const map = follow(document, examples)
  if (!isObject(map)) return undefined
  for (const entry of Object.values(map)) {
    const example = follow(document, entry)
    if (isObject(example) && example.value !== undefined) return example.value
  }
  return undefined
}

/** `example`, `examples[0]`, `default`, `const`, first scalar `enum` entry: what the author wrote down. */
function schemaAnnotatedValue(document: JsonObject, schema: JsonObject): JsonValue | undefined {
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum)) {
    const scalar = schema.enum.find((v) => v !== null && typeof v !== 'object')
    if (scalar !== undefined) return scalar
  }
  const branch = firstBranch(document, schema)
  return branch === undefined ? undefined : schemaAnnotatedValue(document, branch)
}

/** Typed placeholders: 1 for numbers, true, a zero UUID, 2026-01-01, 2026-01-01T00:00:00Z; undefined otherwise. */
function typedPlaceholder(
  document: JsonObject,
  schema: JsonObject,
  depth: number,
  seen: Set<JsonObject>,
): JsonValue | undefined {
  if (depth > 4 || seen.has(schema)) return undefined
  const type = primaryType(document, schema)
  switch (type) {
    case 'integer':
    case 'number':
      return numberPlaceholder(schema)
    case 'boolean':
      return true
    case 'null':
      return null
    case 'string': {
      const format = typeof schema.format === 'string' ? schema.format : undefined
      if (format === 'uuid') return ZERO_UUID
      if (format === 'date') return '2026-01-01'
      if (format === 'date-time') return '2026-01-01T00:00:00Z'
      return undefined
    }
    case 'array': {
      const items = follow(document, schema.items)
      if (!isObject(items)) return undefined
      const item =
        schemaAnnotatedValue(document, items) ??
        typedPlaceholder(document, items, depth + 1, new Set([...seen, schema]))
      return item === undefined ? undefined : [item]
    }
    default: {
      const branch = firstBranch(document, schema)
      return branch === undefined
        ? undefined
        : typedPlaceholder(document, branch, depth + 1, new Set([...seen, schema]))
    }
  }
}

/**
 * A value shaped like the schema: objects carry their required properties (each with its annotated value
 * or placeholder), arrays are empty, strings `'TODO'`. Bounded in depth; cycles end in `{}`.
 */
export function shapedPlaceholder(
  document: JsonObject,
  schema: JsonObject,
  depth: number,
  seen: Set<JsonObject>,
): JsonValue {
  const annotated = schemaAnnotatedValue(document, schema)
  if (annotated !== undefined) return annotated
  if (depth > 4 || seen.has(schema)) return primaryType(document, schema) === 'array' ? [] : {}
  const inner = new Set([...seen, schema])
  const type = primaryType(document, schema)
  if (
    type === 'object' ||
    (type === undefined && (isObject(schema.properties) || Array.isArray(schema.allOf)))
  ) {
    const out: JsonObject = {}
    for (const part of [schema, ...allOfBranches(document, schema)]) {
      const properties = follow(document, part.properties)
      const required = Array.isArray(part.required)
        ? part.required.filter((r): r is string => typeof r === 'string')
        : []
      for (const name of required) {
        if (Object.hasOwn(out, name)) continue
        const property = isObject(properties) ? follow(document, properties[name]) : null
        out[name] = isObject(property) ? shapedPlaceholder(document, property, depth + 1, inner) : 'TODO'
      }
    }
    // `minProperties` (a PATCH body such as `{ minProperties: 1 }`) is not met by required properties
    // alone: add declared optional ones, in declaration order, until it is.
    const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0
    for (const part of [schema, ...allOfBranches(document, schema)]) {
      const properties = follow(document, part.properties)
      if (!isObject(properties)) continue
      for (const [name, raw] of Object.entries(properties)) {
        if (Object.keys(out).length >= minProperties) break
        if (Object.hasOwn(out, name)) continue
        const property = follow(document, raw)
        if (isObject(property) && property.readOnly === true) continue
        out[name] = isObject(property) ? shapedPlaceholder(document, property, depth + 1, inner) : 'TODO'
      }
    }
    return out
  }
  if (type === 'array') {
    const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0
    const items = follow(document, schema.items)
    if (minItems < 1 || !isObject(items)) return []
    const item = shapedPlaceholder(document, items, depth + 1, inner)
    return Array.from({ length: minItems }, () => item)
  }
  if (type === 'string') return typedPlaceholder(document, schema, depth, seen) ?? 'TODO'
  if (type !== undefined) return typedPlaceholder(document, schema, depth, seen) ?? null
  const branch = firstBranch(document, schema)
  return branch === undefined ? {} : shapedPlaceholder(document, branch, depth + 1, inner)
}

function numberPlaceholder(schema: JsonObject): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined
  const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined
  let value = 1
  if (minimum !== undefined && value < minimum) value = Math.ceil(minimum)
  if (exclusive !== undefined && value <= exclusive) value = Math.floor(exclusive) + 1
  if (maximum !== undefined && value > maximum) value = Math.floor(maximum)
  return value
}

function primaryType(document: JsonObject, schema: JsonObject): string | undefined {
  const type = schema.type
  if (typeof type === 'string') return type
  if (Array.isArray(type)) {
    const first = type.find((t) => typeof t === 'string' && t !== 'null')
    if (typeof first === 'string') return first
    if (type.includes('null')) return 'null'
  }
  if (isObject(schema.properties)) return 'object'
  if (schema.items !== undefined) return 'array'
  const branch = allOfBranches(document, schema)[0]
  return branch === undefined ? undefined : primaryType(document, branch)
}

function allOfBranches(document: JsonObject, schema: JsonObject): JsonObject[] {
  if (!Array.isArray(schema.allOf)) return []
  return schema.allOf.map((b) => follow(document, b)).filter(isObject)
}

function firstBranch(document: JsonObject, schema: JsonObject): JsonObject | undefined {
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key]
    if (Array.isArray(list)) {
      const first = follow(document, list[0])
      if (isObject(first)) return first
    }
  }
  return undefined
}
