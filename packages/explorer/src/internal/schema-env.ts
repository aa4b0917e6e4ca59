import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { jsonTypeOf } from '@contracttool/kernel/internal'
import { resolvePointer } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'

/** Whether a value goes to the API (readOnly fields omitted) or comes from it (writeOnly omitted). */
export type Direction = 'request' | 'response'

/** What generation needs to know about the document. */
export interface SchemaEnv {
  readonly document: JsonObject
  readonly version: OpenApiVersion
  readonly direction: Direction
}

/** A schema the generator cannot satisfy; whole-spec exploration turns it into a skip reason. */
export class UngeneratableError extends Error {
  override readonly name = 'UngeneratableError'
}

/** A schema with every `$ref` on the way followed, plus the refs that were entered. */
export interface ResolvedSchema {
  readonly schema: JsonObject | boolean
  readonly refs: readonly string[]
}

const MAX_REF_HOPS = 32

/**
 * Follows `$ref` chains. In 3.0 a `$ref`'s siblings are ignored (the spec says so); in 3.1/3.2 they
 * apply beside the target, so they become an `allOf` with it.
 */
export function resolveSchema(env: SchemaEnv, node: JsonValue | undefined): ResolvedSchema {
  const refs: string[] = []
  let current: JsonValue | undefined = node
  for (let hops = 0; hops <= MAX_REF_HOPS; hops++) {
    if (typeof current === 'boolean') return { schema: current, refs }
    if (!isObject(current))
      throw new UngeneratableError(`schema is not an object (received ${jsonTypeOf(current)})`)
    const ref = current.$ref
    if (typeof ref !== 'string') return { schema: current, refs }
    const target = resolvePointer(env.document, ref)
    if (target === undefined)
      throw new UngeneratableError(`$ref '${ref}' does not resolve inside the document`)
    refs.push(ref)
    const siblings =
      env.version === '3.0'
        ? []
        : Object.keys(current).filter((key) => key !== '$ref' && !ANNOTATIONS.has(key))
    if (siblings.length > 0) {
      const rest: JsonObject = {}
      for (const key of siblings) rest[key] = current[key] as JsonValue
      const existing = Array.isArray(rest.allOf) ? rest.allOf : []
      return { schema: { ...rest, allOf: [...existing, target] }, refs }
    }
    current = target
  }
  throw new UngeneratableError(`$ref chain longer than ${MAX_REF_HOPS} hops`)
}

const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  '$comment',
  'deprecated',
])

/** True when the schema (or the schema its `$ref` chain reaches) carries `flag: true`. */
export function hasFlag(
  env: SchemaEnv,
  node: JsonValue | undefined,
  flag: 'readOnly' | 'writeOnly',
): boolean {
  for (let hops = 0; hops <= MAX_REF_HOPS && isObject(node); hops++) {
    if (node[flag] === true) return true
    if (typeof node.$ref !== 'string') {
      return Array.isArray(node.allOf) && node.allOf.some((branch) => hasFlag(env, branch, flag))
    }
    node = resolvePointer(env.document, node.$ref)
  }
  return false
}

/** True when a property must be left out of values travelling in `direction`. */
export function isHiddenProperty(env: SchemaEnv, propertySchema: JsonValue | undefined): boolean {
  return hasFlag(env, propertySchema, env.direction === 'request' ? 'readOnly' : 'writeOnly')
}

/** The declared JSON types of a schema node (3.0 `nullable` adds `null`), or undefined when untyped. */
export function declaredTypes(env: SchemaEnv, schema: JsonObject): string[] | undefined {
  const raw = schema.type
  let types: string[] | undefined
  if (typeof raw === 'string') types = [raw]
  else if (Array.isArray(raw)) types = raw.filter((t): t is string => typeof t === 'string')
  if (types !== undefined && env.version === '3.0' && schema.nullable === true && !types.includes('null')) {
    types = [...types, 'null']
  }
  return types
}

/** Infers the type an untyped schema describes from the keywords it uses. */
export function inferType(schema: JsonObject): string | undefined {
  if (
    'properties' in schema ||
    'required' in schema ||
    'additionalProperties' in schema ||
    'minProperties' in schema
  ) {
    return 'object'
  }
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema || 'maxItems' in schema)
    return 'array'
  if ('minLength' in schema || 'maxLength' in schema || 'pattern' in schema || 'format' in schema)
    return 'string'
  if (
    'minimum' in schema ||
    'maximum' in schema ||
    'multipleOf' in schema ||
    'exclusiveMinimum' in schema ||
    'exclusiveMaximum' in schema
  ) {
    return 'number'
  }
  return undefined
}

export function jsonKey(value: JsonValue): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  )
}
