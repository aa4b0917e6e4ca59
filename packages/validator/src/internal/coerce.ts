import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { resolvePointer } from '@contracttool/spec-loader'
import { defineKey } from './lower-schema.js'

// What a parameter's schema expects, as far as turning strings into values is concerned.
export interface ValueShape {
  // Candidate JSON types in preference order (empty when the schema does not say).
  readonly types: readonly string[]
  readonly items: JsonValue | undefined
  readonly properties: JsonObject | undefined
  readonly additionalProperties: JsonValue | undefined
}

const EMPTY_SHAPE: ValueShape = {
  types: [],
  items: undefined,
  properties: undefined,
  additionalProperties: undefined,
}
const INTEGER = /^-?(?:0|[1-9]\d*)$/
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const BOOLEAN = /^(?:true|false)$/i

// Reads the shape of a schema for coercion: follows `$ref` chains and `allOf`, gathers the types of a
// type list (`null` last) and of `oneOf`/`anyOf` branches.
export function readShape(document: JsonObject, schema: JsonValue | undefined): ValueShape {
  const types: string[] = []
  let items: JsonValue | undefined
  let properties: JsonObject | undefined
  let additionalProperties: JsonValue | undefined
  const seen = new Set<unknown>()
  const visit = (node: JsonValue | undefined, depth: number): void => {
    if (depth > 16 || !isObject(node) || seen.has(node)) return
    seen.add(node)
    if (typeof node.$ref === 'string') {
      visit(resolvePointer(document, node.$ref), depth + 1)
      return
    }
    const declared = Array.isArray(node.type) ? node.type : typeof node.type === 'string' ? [node.type] : []
    for (const type of declared) if (typeof type === 'string' && !types.includes(type)) types.push(type)
    if (items === undefined && node.items !== undefined) items = node.items
    if (properties === undefined && isObject(node.properties)) properties = node.properties
    if (additionalProperties === undefined && node.additionalProperties !== undefined)
      additionalProperties = node.additionalProperties
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const branches = node[key]
      if (Array.isArray(branches)) for (const branch of branches) visit(branch, depth + 1)
    }
  }
  visit(schema, 0)
  if (types.length === 0 && items === undefined && properties === undefined) return EMPTY_SHAPE
  const ordered = [...types.filter((type) => type !== 'null'), ...types.filter((type) => type === 'null')]
  if (ordered.length === 0 && items !== undefined) ordered.push('array')
  if (ordered.length === 0 && properties !== undefined) ordered.push('object')
  return { types: ordered, items, properties, additionalProperties }
}

// Turns a string into the primitive its schema expects, strictly: an integer only from its canonical
// form (`"01"`, `"1.0"`, `"+1"` stay strings and fail the type check), a boolean only from
// `true`/`false` (any case; `"1"` stays a string), a number from decimal notation. Anything that does
// not convert stays the string, so the schema reports it with the value the client really sent.
export function coercePrimitive(value: string, shape: ValueShape): unknown {
  for (const type of shape.types) {
    if (type === 'string') return value
    if (type === 'integer' && INTEGER.test(value)) {
      const number = Number(value)
      if (Number.isSafeInteger(number)) return number
    }
    if (type === 'number' && NUMBER.test(value)) return Number(value)
    if (type === 'boolean' && BOOLEAN.test(value)) return value.toLowerCase() === 'true'
    if (type === 'null' && value === '') return null
  }
  return value
}

// Coerces a deserialized parameter value (string, list of strings, or map of strings) to its schema.
export function coerceValue(document: JsonObject, value: unknown, shape: ValueShape): unknown {
  if (typeof value === 'string') return coercePrimitive(value, shape)
  if (Array.isArray(value)) {
    const itemShape = readShape(document, shape.items)
    return value.map((item) => (typeof item === 'string' ? coercePrimitive(item, itemShape) : item))
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      const raw = (value as Record<string, unknown>)[key]
      const propertySchema =
        shape.properties !== undefined && Object.hasOwn(shape.properties, key)
          ? shape.properties[key]
          : shape.additionalProperties
      const propertyShape = readShape(document, propertySchema)
      defineKey(
        out,
        key,
        typeof raw === 'string' || Array.isArray(raw) ? coerceValue(document, raw, propertyShape) : raw,
      )
    }
    return out
  }
  return value
}

// Does the shape want a list (first non-null type `array`)?
export function wantsArray(shape: ValueShape): boolean {
  return shape.types[0] === 'array'
}

// Does the shape want an object (first non-null type `object`)?
export function wantsObject(shape: ValueShape): boolean {
  return shape.types[0] === 'object'
}
