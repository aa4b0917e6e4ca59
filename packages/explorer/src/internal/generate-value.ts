import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { chooseBranches, flattenSchema } from './flatten-schema.js'
import { generateInteger, generateNumber } from './generate-number.js'
import { generateString } from './generate-string.js'
import type { Random } from './random.js'
import { inferType, isHiddenProperty, jsonKey, type SchemaEnv, UngeneratableError } from './schema-env.js'

/** Nesting depth after which optional content stops (recursion or not). */
const FULL_DEPTH = 6
/** Nesting depth that cannot be reached by a terminating schema. */
const MAX_DEPTH = 32
/** How many times one `$ref` may appear on the way down before recursion is declared endless. */
const MAX_REF_REPEAT = 3
/** Extra items beyond `minItems` for the "long" rotation. */
const EXTRA_ITEMS = 3
const UNIQUE_RETRIES = 8

interface State {
  /** The rotation index: usually the case index. */
  readonly index: number
  readonly depth: number
  /** `$ref`s entered from the root to here. */
  readonly trail: readonly string[]
  /** Inside a recursion (or too deep): optional properties are left out and arrays are minimal. */
  readonly limited: boolean
  /** Parameters serialize no `null`; bodies may carry one. */
  readonly allowNull: boolean
  /** Added to the index when choosing `oneOf`/`anyOf` branches, so a retry tries other branches. */
  readonly branchShift: number
}

/**
 * Generates one value for a schema, deterministically from `random` and the rotation index:
 * enums rotate, nullable values are null on `index % 3 == 2`, optional properties appear on odd
 * indexes, numbers and lengths sit on the minimum, the maximum or in between.
 * Values are recipes only: callers validate them against the original schema before use.
 */
export function generateValue(
  env: SchemaEnv,
  schema: JsonValue | undefined,
  random: Random,
  index: number,
  options: { readonly allowNull?: boolean; readonly branchShift?: number } = {},
): JsonValue {
  return generate(env, random, schema, {
    index,
    depth: 0,
    trail: [],
    limited: false,
    allowNull: options.allowNull ?? true,
    branchShift: options.branchShift ?? 0,
  })
}

function generate(env: SchemaEnv, random: Random, node: JsonValue | undefined, state: State): JsonValue {
  if (state.depth > MAX_DEPTH) {
    throw new UngeneratableError(`schema nesting exceeds ${MAX_DEPTH} levels without a place to stop`)
  }
  const refs: string[] = []
  let schema = flattenSchema(env, node, refs)
  schema = chooseBranches(env, schema, state.index + state.branchShift, refs)
  let limited = state.limited || state.depth >= FULL_DEPTH
  for (const ref of new Set(refs)) {
    const seen = state.trail.filter((r) => r === ref).length
    if (seen >= 1) limited = true
    if (seen >= MAX_REF_REPEAT) {
      throw new UngeneratableError(
        `schema '${ref}' recurses through required properties with no optional link or array to stop at`,
      )
    }
  }
  return generateFlat(env, random, schema, { ...state, trail: [...state.trail, ...refs], limited })
}

function generateFlat(env: SchemaEnv, random: Random, schema: JsonObject, state: State): JsonValue {
  if ('const' in schema) return schema.const as JsonValue
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : undefined
  if (Array.isArray(schema.enum)) {
    const values = state.allowNull ? schema.enum : schema.enum.filter((v) => v !== null)
    if (values.length === 0) throw new UngeneratableError('enum has no usable value')
    return values[state.index % values.length] as JsonValue
  }
  const nullable = types?.includes('null') ?? false
  if (nullable && state.allowNull && (state.index % 3 === 2 || state.limited)) return null
  const concrete = types?.filter((t) => t !== 'null')
  if (concrete !== undefined && concrete.length === 0) {
    if (state.allowNull) return null
    throw new UngeneratableError('only `null` is allowed, and this location cannot carry null')
  }
  const type =
    concrete === undefined ? (inferType(schema) ?? 'string') : concrete[state.index % concrete.length]!
  switch (type) {
    case 'object':
      return generateObject(env, random, schema, state)
    case 'array':
      return generateArray(env, random, schema, state)
    case 'integer':
      return generateInteger(schema, state.index, random)
    case 'number':
      return generateNumber(schema, state.index, random)
    case 'boolean':
      return state.index % 2 === 1
    case 'null':
      return null
    case 'string':
      return generateString(schema, state.index, random)
    default:
      throw new UngeneratableError(`unknown type '${type}'`)
  }
}

function child(state: State, index = state.index): State {
  return { ...state, index, depth: state.depth + 1, allowNull: true }
}

function generateObject(env: SchemaEnv, random: Random, schema: JsonObject, state: State): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : []
  const additional = schema.additionalProperties
  const includeOptional = !state.limited && state.index % 2 === 1
  const out: JsonObject = {}
  const optionalLeft: string[] = []
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (isHiddenProperty(env, propertySchema)) continue
    if (required.includes(name) || includeOptional)
      out[name] = generate(env, random, propertySchema, child(state))
    else optionalLeft.push(name)
  }
  for (const name of required) {
    if (name in out || name in properties) continue
    if (additional === false && schema.patternProperties === undefined) {
      throw new UngeneratableError(
        `required property '${name}' is not declared and additionalProperties is false`,
      )
    }
    out[name] = generate(env, random, isObject(additional) ? additional : {}, child(state))
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0
  for (const name of optionalLeft) {
    if (Object.keys(out).length >= minProperties) break
    out[name] = generate(env, random, properties[name], child(state))
  }
  for (let extra = 1; Object.keys(out).length < minProperties && additional !== false; extra++) {
    out[`extra${extra}`] = generate(
      env,
      random,
      isObject(additional) ? additional : { type: 'string' },
      child(state),
    )
  }
  if (Object.keys(out).length < minProperties) {
    throw new UngeneratableError(`minProperties ${minProperties} cannot be met without additional properties`)
  }
  const maxProperties =
    typeof schema.maxProperties === 'number' ? schema.maxProperties : Number.POSITIVE_INFINITY
  for (const name of Object.keys(out).reverse()) {
    if (Object.keys(out).length <= maxProperties) break
    if (!required.includes(name)) delete out[name]
  }
  if (Object.keys(out).length > maxProperties) {
    throw new UngeneratableError(`maxProperties ${maxProperties} is below the number of required properties`)
  }
  return out
}

function generateArray(env: SchemaEnv, random: Random, schema: JsonObject, state: State): JsonValue[] {
  const prefix = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : []
  const items = Array.isArray(schema.items) ? undefined : schema.items
  const min = typeof schema.minItems === 'number' ? Math.max(0, Math.ceil(schema.minItems)) : 0
  let max = typeof schema.maxItems === 'number' ? Math.floor(schema.maxItems) : Number.POSITIVE_INFINITY
  if (items === false) max = Math.min(max, prefix.length)
  const upper = Math.min(max, min + EXTRA_ITEMS)
  if (upper < min)
    throw new UngeneratableError(`array bounds cannot be met (minItems ${min} > maxItems ${max})`)
  let size = state.limited
    ? min
    : state.index % 3 === 0
      ? min
      : state.index % 3 === 1
        ? upper
        : Math.ceil((min + upper) / 2)
  const contains = schema.contains
  if (contains !== undefined && size === 0) size = Math.min(1, upper)
  const out: JsonValue[] = []
  const seen = new Set<string>()
  for (let k = 0; k < size; k++) {
    const itemSchema =
      k < prefix.length ? prefix[k] : k === 0 && contains !== undefined ? contains : (items ?? {})
    let value = generate(env, random, itemSchema, child(state, state.index + k))
    if (schema.uniqueItems === true) {
      for (let retry = 1; seen.has(jsonKey(value)) && retry <= UNIQUE_RETRIES; retry++) {
        value = generate(env, random, itemSchema, child(state, state.index + k + retry))
      }
      if (seen.has(jsonKey(value))) {
        if (out.length >= min) break
        throw new UngeneratableError(`uniqueItems with minItems ${min} cannot be met by the item schema`)
      }
      seen.add(jsonKey(value))
    }
    out.push(value)
  }
  return out
}
