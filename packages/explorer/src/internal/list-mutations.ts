import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { escapePointerToken, unescapePointerToken } from '@contracttool/kernel/internal'
import { compilePattern } from '@contracttool/pattern'
import { flattenSchema, PENDING } from './flatten-schema.js'
import { isKnownFormat } from './generate-string.js'
import { isHiddenProperty, type SchemaEnv } from './schema-env.js'

/** One single-keyword break of a valid value. `value` is the whole mutated value. */
export interface Mutation {
  readonly keyword: string
  /** JSON pointer of the broken node inside the value (`''` for the value itself). */
  readonly pointer: string
  readonly value: JsonValue
}

const MAX_DEPTH = 4
const MAX_MUTATIONS = 64
const UNEXPECTED_KEY = '__unexpected__'

/** Wrong-type values, tried in order; the first whose type the schema does not allow is used. */
const WRONG_TYPES: readonly { readonly type: string; readonly value: JsonValue }[] = [
  { type: 'string', value: 'not-a-number' },
  { type: 'integer', value: 12345 },
  { type: 'boolean', value: true },
  { type: 'object', value: {} },
  { type: 'array', value: [] },
]

function allows(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'))
}

function codePointLength(value: string): number {
  return Array.from(value).length
}

/**
 * Lists single-keyword mutations of `valid` against `schema`: type, enum, const, string bounds,
 * pattern, format, numeric bounds, multipleOf, array bounds, uniqueItems, required,
 * additionalProperties, property-count bounds, and the same for nested properties and the first
 * array item. `forParameter` keeps only mutations that survive serialization to a string (a
 * number sent for a string parameter would arrive as a valid string). Callers still verify each
 * mutation is rejected by the validator before using it.
 */
export function listMutations(
  env: SchemaEnv,
  schema: JsonValue,
  valid: JsonValue,
  options: { readonly forParameter: boolean },
): Mutation[] {
  const out: Mutation[] = []
  const visit = (node: JsonValue | undefined, value: JsonValue, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_MUTATIONS) return
    let flat: JsonObject
    try {
      flat = flattenSchema(env, node, [])
    } catch {
      return
    }
    const add = (keyword: string, replacement: JsonValue | typeof REMOVE, at = pointer): void => {
      out.push({ keyword, pointer: at, value: replaceAt(valid, at, replacement) })
    }
    const types = Array.isArray(flat.type) ? (flat.type as string[]) : undefined
    if (types !== undefined) {
      if (options.forParameter) {
        if (!types.includes('string') && !types.includes('array') && !types.includes('object')) {
          add('type', `not-a-${types.find((t) => t !== 'null') ?? 'value'}`)
        }
      } else {
        const wrong = WRONG_TYPES.find((candidate) => !allows(types, candidate.type))
        if (wrong !== undefined) add('type', wrong.value)
      }
    }
    if (Array.isArray(flat.enum)) add('enum', outsideEnum(flat.enum))
    if ('const' in flat) add('const', outsideEnum([flat.const as JsonValue]))
    // Compositions are not walked: a nested break could not be attributed to one keyword.
    if (Array.isArray(flat.oneOf) || Array.isArray(flat.anyOf) || flat[PENDING] !== undefined) return

    if (typeof value === 'string') {
      const length = codePointLength(value)
      if (typeof flat.minLength === 'number' && flat.minLength > 0) {
        add(
          'minLength',
          Array.from(value)
            .slice(0, Math.ceil(flat.minLength) - 1)
            .join(''),
        )
      }
      if (typeof flat.maxLength === 'number')
        add('maxLength', value + 'x'.repeat(Math.floor(flat.maxLength) + 1 - length))
      if (typeof flat.pattern === 'string') {
        const mismatch = notMatching(flat.pattern, value)
        if (mismatch !== undefined) add('pattern', mismatch)
      }
      if (typeof flat.format === 'string' && isKnownFormat(flat.format)) add('format', `not-a-${flat.format}`)
    } else if (typeof value === 'number') {
      const integer = types?.includes('integer') === true && !types.includes('number')
      if (typeof flat.minimum === 'number') add('minimum', flat.minimum - 1)
      if (typeof flat.exclusiveMinimum === 'number') add('exclusiveMinimum', flat.exclusiveMinimum)
      if (typeof flat.maximum === 'number') add('maximum', flat.maximum + 1)
      if (typeof flat.exclusiveMaximum === 'number') add('exclusiveMaximum', flat.exclusiveMaximum)
      if (typeof flat.multipleOf === 'number' && flat.multipleOf > 0) {
        const m = flat.multipleOf
        add('multipleOf', integer && m > 1 ? value + 1 : value + m / 2)
      }
    } else if (Array.isArray(value) && !options.forParameter) {
      if (typeof flat.minItems === 'number' && flat.minItems > 0)
        add('minItems', value.slice(0, Math.ceil(flat.minItems) - 1))
      const first = value[0]
      if (typeof flat.maxItems === 'number' && first !== undefined) {
        add('maxItems', [
          ...value,
          ...Array.from({ length: Math.floor(flat.maxItems) + 1 - value.length }, () => first),
        ])
      }
      if (flat.uniqueItems === true && first !== undefined) add('uniqueItems', [...value, first])
      if (first !== undefined && !Array.isArray(flat.prefixItems) && flat.items !== undefined) {
        visit(flat.items as JsonValue, first, `${pointer}/0`, depth + 1)
      }
    } else if (isObject(value) && !options.forParameter) {
      const properties = isObject(flat.properties) ? flat.properties : {}
      const required = Array.isArray(flat.required) ? flat.required : []
      for (const name of required) {
        if (typeof name === 'string' && name in value)
          add('required', REMOVE, `${pointer}/${escapePointerToken(name)}`)
      }
      if (flat.additionalProperties === false && !(UNEXPECTED_KEY in properties)) {
        add('additionalProperties', { ...value, [UNEXPECTED_KEY]: 'unexpected' })
      }
      if (typeof flat.minProperties === 'number' && flat.minProperties > 0) add('minProperties', {})
      if (typeof flat.maxProperties === 'number') {
        const extra: JsonObject = { ...value }
        for (let i = 0; Object.keys(extra).length <= flat.maxProperties; i++)
          extra[`${UNEXPECTED_KEY}${i}`] = 'extra'
        add('maxProperties', extra)
      }
      for (const [name, item] of Object.entries(value)) {
        const propertySchema = properties[name]
        if (propertySchema === undefined || isHiddenProperty(env, propertySchema)) continue
        visit(propertySchema, item, `${pointer}/${escapePointerToken(name)}`, depth + 1)
      }
    }
  }
  visit(schema, valid, '', 0)
  return out
}

const REMOVE = Symbol('remove')

/** A deep copy of `root` with the node at `pointer` replaced (or removed). */
function replaceAt(root: JsonValue, pointer: string, replacement: JsonValue | typeof REMOVE): JsonValue {
  if (pointer === '') return replacement === REMOVE ? null : structuredClone(replacement)
  const copy = structuredClone(root)
  const tokens = pointer.slice(1).split('/').map(unescapePointerToken)
  let parent: JsonValue = copy
  for (const token of tokens.slice(0, -1)) parent = (parent as Record<string, JsonValue>)[token] as JsonValue
  const last = tokens.at(-1)!
  if (Array.isArray(parent)) {
    if (replacement === REMOVE) parent.splice(Number(last), 1)
    else parent[Number(last)] = structuredClone(replacement)
  } else if (isObject(parent)) {
    if (replacement === REMOVE) delete parent[last]
    else parent[last] = structuredClone(replacement)
  }
  return copy
}

function outsideEnum(values: readonly JsonValue[]): JsonValue {
  if (values.every((v) => typeof v === 'number')) return Math.max(...(values as number[])) + 1
  let candidate = '__not_in_enum__'
  while (values.includes(candidate)) candidate += '_'
  return candidate
}

function notMatching(pattern: string, valid: string): string | undefined {
  const compiled = compilePattern(pattern)
  if (compiled === undefined) return undefined
  return ['!', '~~~~', ' ', '', `${valid}!`, `!${valid}`, 'not matching'].find(
    (candidate) => compiled.test(candidate) === false,
  )
}
