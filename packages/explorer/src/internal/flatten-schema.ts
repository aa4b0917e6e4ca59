import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { declaredTypes, jsonKey, resolveSchema, type SchemaEnv, UngeneratableError } from './schema-env.js'

/*
 * Generation works on a "flat" view of a schema: `$ref`s followed, `allOf` merged into one node,
 * one `oneOf`/`anyOf` branch chosen, types in 3.1 array form (3.0 `nullable` folded in) and 3.0
 * boolean exclusive bounds turned numeric. The flat view is only a recipe for a value: every value
 * is then validated against the original schema, so an imprecise merge can never produce a
 * silently invalid case.
 */

const MAX_MERGE_ROUNDS = 64

/** Resolves and merges `node` into a flat schema; `refs` collects every `$ref` entered on the way. */
export function flattenSchema(env: SchemaEnv, node: JsonValue | undefined, refs: string[]): JsonObject {
  return flattenRound(env, node, refs, 0)
}

function flattenRound(
  env: SchemaEnv,
  node: JsonValue | undefined,
  refs: string[],
  depth: number,
): JsonObject {
  if (depth > MAX_MERGE_ROUNDS)
    throw new UngeneratableError('allOf nesting is cyclic or deeper than 64 levels')
  const resolved = resolveSchema(env, node)
  refs.push(...resolved.refs)
  if (resolved.schema === false) throw new UngeneratableError('schema `false` accepts no value')
  if (resolved.schema === true) return {}
  const selfRef = resolved.refs.at(-1)
  let schema = normalize(env, resolved.schema)
  for (let round = 0; Array.isArray(schema.allOf); round++) {
    if (round > MAX_MERGE_ROUNDS)
      throw new UngeneratableError('allOf nesting is cyclic or deeper than 64 levels')
    const branches = schema.allOf as JsonValue[]
    let base: JsonObject = { ...schema }
    delete base.allOf
    for (const branch of branches) {
      let flat = flattenRound(env, branch, refs, depth + 1)
      // allOf inheritance: a parent carrying the discriminator names this child through its mapping.
      const discriminator = flat.discriminator
      if (
        selfRef !== undefined &&
        isObject(discriminator) &&
        typeof discriminator.propertyName === 'string'
      ) {
        const value = discriminatorValue(discriminator, selfRef)
        flat = { ...flat }
        delete flat.discriminator
        delete flat.oneOf
        delete flat.anyOf
        base = mergeSchemas(base, pinProperty(discriminator.propertyName, value))
      }
      base = mergeSchemas(base, flat)
    }
    schema = base
  }
  return schema
}

/**
 * Replaces `oneOf`/`anyOf` by one branch merged into the rest of the node, rotating by `choice`,
 * and pins the discriminator property to the chosen branch's mapping value.
 */
export function chooseBranches(
  env: SchemaEnv,
  schema: JsonObject,
  choice: number,
  refs: string[],
): JsonObject {
  let current = schema
  for (let round = 0; round <= MAX_MERGE_ROUNDS; round++) {
    const key = Array.isArray(current.oneOf) ? 'oneOf' : Array.isArray(current.anyOf) ? 'anyOf' : undefined
    if (key === undefined) {
      const pending = current[PENDING]
      if (!Array.isArray(pending) || pending.length === 0) return current
      const [next, ...rest] = pending
      current = { ...current, [PENDING]: rest }
      if (rest.length === 0) delete current[PENDING]
      current = mergeSchemas(current, flattenRound(env, next, refs, 0))
      continue
    }
    const branches = current[key] as JsonValue[]
    if (branches.length === 0) throw new UngeneratableError(`${key} has no branches`)
    const branch = branches[choice % branches.length]
    const rest: JsonObject = { ...current }
    delete rest[key]
    const discriminator = rest.discriminator
    delete rest.discriminator
    const branchRef = isObject(branch) && typeof branch.$ref === 'string' ? branch.$ref : undefined
    let merged = mergeSchemas(rest, flattenRound(env, branch, refs, 0))
    if (
      branchRef !== undefined &&
      isObject(discriminator) &&
      typeof discriminator.propertyName === 'string'
    ) {
      merged = mergeSchemas(
        merged,
        pinProperty(discriminator.propertyName, discriminatorValue(discriminator, branchRef)),
      )
    }
    current = Array.isArray(merged.allOf) ? flattenRound(env, merged, refs, 0) : merged
  }
  throw new UngeneratableError('oneOf/anyOf nesting is deeper than 64 levels')
}

/** The value a discriminator uses for the schema at `ref`: its mapping key, else the component name. */
function discriminatorValue(discriminator: JsonObject, ref: string): string {
  const name = decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1))
  if (isObject(discriminator.mapping)) {
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      if (target === ref || target === name) return value
    }
  }
  return name
}

function pinProperty(name: string, value: string): JsonObject {
  return { properties: { [name]: { enum: [value] } }, required: [name] }
}

/** Canonical internal form: `type` as a list (3.0 `nullable` folded in), numeric exclusive bounds. */
function normalize(env: SchemaEnv, schema: JsonObject): JsonObject {
  const out: JsonObject = { ...schema }
  const types = declaredTypes(env, schema)
  if (types !== undefined) out.type = types
  delete out.nullable
  if (env.version === '3.0') {
    if (out.exclusiveMinimum === true && typeof out.minimum === 'number') {
      out.exclusiveMinimum = out.minimum
      delete out.minimum
    } else if (typeof out.exclusiveMinimum === 'boolean') {
      delete out.exclusiveMinimum
    }
    if (out.exclusiveMaximum === true && typeof out.maximum === 'number') {
      out.exclusiveMaximum = out.maximum
      delete out.maximum
    } else if (typeof out.exclusiveMaximum === 'boolean') {
      delete out.exclusiveMaximum
    }
  }
  return out
}

const LOWER_BOUNDS = new Set([
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
  'minContains',
])
const UPPER_BOUNDS = new Set([
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'maxContains',
])
const SUBSCHEMAS = new Set([
  'items',
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
])
/** Internal key: compositions that could not merge yet (two `oneOf`s); chosen one after the other. */
export const PENDING = 'x-contracttool-pending'

/** Merges two flat schemas into one that (approximately) describes values valid against both. */
export function mergeSchemas(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a }
  const allOf: JsonValue[] = Array.isArray(a.allOf) ? [...a.allOf] : []
  const pending: JsonValue[] = Array.isArray(a[PENDING]) ? [...a[PENDING]] : []
  for (const [key, value] of Object.entries(b)) {
    const existing = out[key]
    if (key === 'allOf' || key === PENDING) {
      if (Array.isArray(value)) (key === 'allOf' ? allOf : pending).push(...value)
      continue
    }
    if (existing === undefined) {
      out[key] = value
      continue
    }
    if (key === 'type') out.type = intersectTypes(existing, value)
    else if (key === 'required') out.required = union(existing, value)
    else if (key === 'properties') out.properties = mergeProperties(existing, value)
    else if (key === 'enum') out.enum = intersectEnums(existing, value)
    else if (key === 'const') {
      if (jsonKey(existing) !== jsonKey(value))
        throw new UngeneratableError('allOf branches declare different const values')
    } else if (LOWER_BOUNDS.has(key)) out[key] = numericBound(existing, value, Math.max)
    else if (UPPER_BOUNDS.has(key)) out[key] = numericBound(existing, value, Math.min)
    else if (key === 'multipleOf') out.multipleOf = mergeMultipleOf(existing, value)
    else if (SUBSCHEMAS.has(key))
      out[key] = existing === false || value === false ? false : { allOf: [existing, value] }
    else if (key === 'uniqueItems' || key === 'readOnly' || key === 'writeOnly')
      out[key] = existing === true || value === true
    else if (key === 'oneOf' || key === 'anyOf') pending.push({ [key]: value })
    // A second `not` or `if` is left to validation: generation never reads them.
  }
  if (allOf.length > 0) out.allOf = allOf
  else delete out.allOf
  if (pending.length > 0) out[PENDING] = pending
  else delete out[PENDING]
  return out
}

function intersectTypes(a: JsonValue, b: JsonValue): JsonValue {
  const left = Array.isArray(a) ? a : [a]
  const right = Array.isArray(b) ? b : [b]
  const out: JsonValue[] = []
  for (const type of left) {
    if (right.includes(type)) out.push(type)
    else if (type === 'integer' && right.includes('number')) out.push('integer')
    else if (type === 'number' && right.includes('integer')) out.push('integer')
  }
  if (out.length === 0)
    throw new UngeneratableError(
      `allOf branches declare incompatible types (${jsonKey(a)} and ${jsonKey(b)})`,
    )
  return [...new Set(out)]
}

function union(a: JsonValue, b: JsonValue): JsonValue {
  return [...new Set([...(Array.isArray(a) ? a : []), ...(Array.isArray(b) ? b : [])])]
}

function mergeProperties(a: JsonValue, b: JsonValue): JsonValue {
  if (!isObject(a) || !isObject(b)) return isObject(a) ? a : b
  const out: JsonObject = { ...a }
  for (const [name, schema] of Object.entries(b)) {
    const existing = out[name]
    out[name] = existing === undefined ? schema : { allOf: [existing, schema] }
  }
  return out
}

function intersectEnums(a: JsonValue, b: JsonValue): JsonValue {
  if (!Array.isArray(a) || !Array.isArray(b)) return Array.isArray(a) ? a : b
  const keys = new Set(b.map(jsonKey))
  const out = a.filter((value) => keys.has(jsonKey(value)))
  if (out.length === 0) throw new UngeneratableError('allOf branches declare enums with no value in common')
  return out
}

function numericBound(a: JsonValue, b: JsonValue, pick: (x: number, y: number) => number): JsonValue {
  if (typeof a !== 'number') return b
  if (typeof b !== 'number') return a
  return pick(a, b)
}

function mergeMultipleOf(a: JsonValue, b: JsonValue): JsonValue {
  if (typeof a !== 'number' || typeof b !== 'number') return typeof a === 'number' ? a : b
  if (Number.isInteger(a) && Number.isInteger(b)) return (a * b) / gcd(a, b)
  if (Number.isInteger(a / b)) return a
  if (Number.isInteger(b / a)) return b
  return a
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}
