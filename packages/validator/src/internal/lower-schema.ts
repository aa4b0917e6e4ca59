import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { decodeFragmentToken, escapePointerToken, schemaTypeOf } from '@contracttool/kernel/internal'
import { dialectFromUri, redactUrl, resolvePointer, type SchemaDialect } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'
import type { SchemaContext } from '../types.js'
import type { SchemaNotes } from './schema-notes.js'

// A schema as Ajv receives it: a fresh object tree, never the document's own nodes.
export type LoweredSchema = boolean | LoweredObject
export type LoweredObject = { [keyword: string]: unknown }

// The schema semantics a node is read with: OpenAPI 3.0's Schema Object, or a JSON Schema draft.
export type Semantics = 'oas30' | SchemaDialect

// Inline object schemas with at least this many properties are compiled as separate lazy units.
export const UNIT_PROPERTY_THRESHOLD = 8

// A schema node that cannot be lowered (a broken discriminator). Becomes a violation naming the node.
export class SchemaLoweringError extends Error {
  override readonly name = 'SchemaLoweringError'
  readonly pointer: string
  constructor(message: string, pointer: string) {
    super(message)
    this.pointer = pointer
  }
}

export interface LoweringEnvironment {
  readonly document: JsonObject
  readonly version: OpenApiVersion
  readonly context: SchemaContext
  // The dialect the Ajv instance evaluates natively.
  readonly target: 'draft-07' | '2020-12'
  // The lowered form of a document `$ref`: `{ $ref: id }` or the lazy `{ 'x-cto-ref': id }` (see SchemaRegistry).
  readonly reference: (ref: string) => LoweredObject
  // Offered every large inline subschema (see `UNIT_PROPERTY_THRESHOLD`): returns a lazy reference to
  // compile it separately on first use, or undefined to lower it in place.
  readonly unit?:
    | ((node: JsonObject, pointer: string, semantics: Semantics) => LoweredObject | undefined)
    | undefined
  readonly warn: (key: string, message: string) => void
  readonly notes: SchemaNotes
  // Formats the Ajv instance checks.
  readonly enforcedFormats: ReadonlySet<string>
  // Formats accepted without a check (int64, float, double, byte, binary, password).
  readonly advisoryFormats: ReadonlySet<string>
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'])
const NUMBER_KEYWORDS = ['multipleOf', 'maximum', 'minimum'] as const
const COUNT_KEYWORDS = [
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
] as const
const SCHEMA_KEYWORDS = [
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'propertyNames',
  'contains',
] as const
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf'] as const
// Keywords only JSON Schema 2019-09+ evaluates: refused with a warning when a 3.0 schema uses them.
const LATER_DRAFT_KEYWORDS = [
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentSchemas',
  'dependentRequired',
] as const

// Lowers one document schema node to what Ajv evaluates: OpenAPI 3.0 keywords become draft-07
// (`nullable`, boolean `exclusiveMinimum`), `readOnly`/`writeOnly` properties are refused per context,
// discriminators are enforced, unknown formats are dropped with a warning, and every `$ref` becomes a
// registry id so recursive schemas stay references. The document is never modified.
export function lowerSchema(
  node: JsonValue | undefined,
  pointer: string,
  semantics: SchemaDialect | Semantics,
  env: LoweringEnvironment,
): LoweredSchema {
  return lowerNode(node, pointer, env.version === '3.0' ? 'oas30' : semantics, env)
}

// Lowers a subschema, or hands it to `env.unit` when it is a large inline object.
function lowerChild(
  node: JsonValue | undefined,
  pointer: string,
  semantics: Semantics,
  env: LoweringEnvironment,
): LoweredSchema {
  if (env.unit !== undefined && isObject(node) && node.$ref === undefined && isObject(node.properties)) {
    if (Object.keys(node.properties).length >= UNIT_PROPERTY_THRESHOLD) {
      const reference = env.unit(node, pointer, semantics)
      if (reference !== undefined) return record(reference, pointer, env)
    }
  }
  return lowerNode(node, pointer, semantics, env)
}

function lowerNode(
  node: JsonValue | undefined,
  pointer: string,
  semantics: Semantics,
  env: LoweringEnvironment,
): LoweredSchema {
  if (typeof node === 'boolean') return node
  if (!isObject(node)) {
    env.warn(
      `malformed-schema:${pointer}`,
      `[OpenAPI Schema] ${pointer} is not a schema (got ${schemaTypeOf(node)}); it accepts any value.`,
    )
    return true
  }
  let mode = semantics
  if (mode !== 'oas30' && typeof node.$schema === 'string') mode = dialectFromUri(node.$schema) ?? mode

  if (typeof node.$ref === 'string') {
    const reference = env.reference(node.$ref)
    // OpenAPI 3.0 and drafts before 2019-09 ignore every keyword beside `$ref`.
    if (mode === 'oas30' || mode === 'draft-06' || mode === 'draft-07') return record(reference, pointer, env)
    const { $ref: _ignored, ...siblings } = node
    return Object.assign(lowerObject(siblings, pointer, mode, env), reference)
  }
  return lowerObject(node, pointer, mode, env)
}

function lowerObject(
  node: JsonObject,
  pointer: string,
  mode: Semantics,
  env: LoweringEnvironment,
): LoweredObject {
  const out: LoweredObject = {}
  const is30 = mode === 'oas30'
  const to2020 = env.target === '2020-12'

  const types = readTypes(node.type, pointer, env)
  if (types !== undefined) out.type = types.length === 1 ? types[0] : types

  for (const keyword of NUMBER_KEYWORDS) {
    const value = node[keyword]
    if (value === undefined) continue
    if (typeof value === 'number' && Number.isFinite(value) && (keyword !== 'multipleOf' || value > 0))
      out[keyword] = value
    else malformedKeyword(keyword, value, pointer, env)
  }
  lowerExclusiveBounds(node, out, mode, pointer, env)
  for (const keyword of COUNT_KEYWORDS) {
    const value = node[keyword]
    if (value === undefined) continue
    if (Number.isInteger(value) && (value as number) >= 0) out[keyword] = value
    else malformedKeyword(keyword, value, pointer, env)
  }
  if (!is30 && mode !== 'draft-06' && mode !== 'draft-07') {
    for (const keyword of ['minContains', 'maxContains'] as const) {
      const value = node[keyword]
      if (value === undefined) continue
      if (Number.isInteger(value) && (value as number) >= 0 && to2020) out[keyword] = value
      else malformedKeyword(keyword, value, pointer, env)
    }
  }
  if (node.pattern !== undefined) {
    if (typeof node.pattern === 'string') out.pattern = node.pattern
    else malformedKeyword('pattern', node.pattern, pointer, env)
  }
  if (node.uniqueItems !== undefined) {
    if (typeof node.uniqueItems === 'boolean') out.uniqueItems = node.uniqueItems
    else malformedKeyword('uniqueItems', node.uniqueItems, pointer, env)
  }
  if (node.enum !== undefined) {
    if (Array.isArray(node.enum) && node.enum.length > 0) out.enum = node.enum
    else if (Array.isArray(node.enum)) appendAllOf(out, { not: {} })
    else malformedKeyword('enum', node.enum, pointer, env)
  }
  if (node.const !== undefined) out.const = node.const
  lowerFormat(node.format, out, pointer, env)

  for (const keyword of SCHEMA_KEYWORDS) {
    if (node[keyword] === undefined) continue
    const lower = keyword === 'additionalProperties' ? lowerChild : lowerNode
    out[keyword] = lower(node[keyword], `${pointer}/${keyword}`, mode, env)
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = node[keyword]
    if (list === undefined) continue
    if (!Array.isArray(list) || list.length === 0) {
      malformedKeyword(keyword, list, pointer, env)
      continue
    }
    out[keyword] = list.map((item, index) => lowerChild(item, `${pointer}/${keyword}/${index}`, mode, env))
  }
  lowerItems(node, out, mode, pointer, env)
  lowerProperties(node, out, mode, pointer, env)
  lowerDependencies(node, out, mode, pointer, env)

  if (is30) {
    for (const keyword of LATER_DRAFT_KEYWORDS) {
      if (node[keyword] === undefined) continue
      env.warn(
        `later-keyword:${keyword}`,
        `[OpenAPI Schema] keyword '${keyword}' is not part of OpenAPI 3.0 schemas and is not evaluated (first seen at ${pointer}).`,
      )
    }
  } else {
    for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
      if (node[keyword] === undefined) continue
      if (to2020) out[keyword] = lowerNode(node[keyword], `${pointer}/${keyword}`, mode, env)
    }
    if (typeof node.$dynamicRef === 'string') out.$dynamicRef = node.$dynamicRef
    if (typeof node.$dynamicAnchor === 'string') out.$dynamicAnchor = node.$dynamicAnchor
    if (typeof node.$anchor === 'string') out.$anchor = node.$anchor
    if (isObject(node.$defs)) out.$defs = lowerSchemaMap(node.$defs, `${pointer}/$defs`, mode, env)
  }

  if (node.discriminator !== undefined) lowerDiscriminator(node, out, pointer, env)
  const result = is30 && node.nullable === true ? makeNullable(out, env) : out
  return record(result, pointer, env)
}

function record(out: LoweredObject, pointer: string, env: LoweringEnvironment): LoweredObject {
  env.notes.source.set(out, pointer)
  return out
}

function readTypes(
  value: JsonValue | undefined,
  pointer: string,
  env: LoweringEnvironment,
): string[] | undefined {
  if (value === undefined) return undefined
  const list = Array.isArray(value) ? value : [value]
  const valid = list.filter((t): t is string => typeof t === 'string' && JSON_TYPES.has(t))
  if (valid.length !== list.length) {
    env.warn(
      `malformed-type:${pointer}`,
      `[OpenAPI Schema] ${pointer}: type ${JSON.stringify(value)} is not a JSON Schema type; the invalid entries are ignored.`,
    )
  }
  return valid.length === 0 ? undefined : [...new Set(valid)]
}

function malformedKeyword(keyword: string, value: unknown, pointer: string, env: LoweringEnvironment): void {
  env.warn(
    `malformed-keyword:${pointer}/${keyword}`,
    `[OpenAPI Schema] ${pointer}: keyword '${keyword}' has an invalid value (${schemaTypeOf(value)}) and is ignored.`,
  )
}

function lowerExclusiveBounds(
  node: JsonObject,
  out: LoweredObject,
  mode: Semantics,
  pointer: string,
  env: LoweringEnvironment,
): void {
  for (const [keyword, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = node[keyword]
    if (value === undefined) continue
    if (typeof value === 'number' && Number.isFinite(value)) {
      out[keyword] = value
    } else if (typeof value === 'boolean') {
      // OpenAPI 3.0 (draft-04 style): a boolean that makes the sibling bound exclusive.
      if (mode !== 'oas30') {
        env.warn(
          `boolean-exclusive:${pointer}`,
          `[OpenAPI Schema] ${pointer}: boolean '${keyword}' is OpenAPI 3.0 syntax; read as making '${bound}' exclusive.`,
        )
      }
      if (value && typeof out[bound] === 'number') {
        out[keyword] = out[bound]
        delete out[bound]
      }
    } else {
      malformedKeyword(keyword, value, pointer, env)
    }
  }
}

function lowerFormat(
  format: JsonValue | undefined,
  out: LoweredObject,
  pointer: string,
  env: LoweringEnvironment,
): void {
  if (format === undefined) return
  if (typeof format !== 'string') {
    malformedKeyword('format', format, pointer, env)
    return
  }
  if (env.enforcedFormats.has(format)) {
    out.format = format
  } else if (!env.advisoryFormats.has(format)) {
    env.warn(
      `format:${format}`,
      `[OpenAPI Schema] format '${format}' is not a known format; values are not checked against it (first seen at ${pointer}).`,
    )
  }
}

function lowerItems(
  node: JsonObject,
  out: LoweredObject,
  mode: Semantics,
  pointer: string,
  env: LoweringEnvironment,
): void {
  const to2020 = env.target === '2020-12'
  const tupleSource = Array.isArray(node.items)
    ? node.items
    : Array.isArray(node.prefixItems)
      ? node.prefixItems
      : undefined
  const tupleKey = Array.isArray(node.items) ? 'items' : 'prefixItems'
  // The schema for items after the tuple: `additionalItems` before 2020-12, `items` from 2020-12 on.
  const restKey = tupleKey === 'prefixItems' ? 'items' : 'additionalItems'
  if (tupleSource !== undefined) {
    const tuple = tupleSource.map((item, index) =>
      lowerChild(item, `${pointer}/${tupleKey}/${index}`, mode, env),
    )
    const rest =
      node[restKey] === undefined ? undefined : lowerNode(node[restKey], `${pointer}/${restKey}`, mode, env)
    if (to2020) {
      out.prefixItems = tuple
      if (rest !== undefined) out.items = rest
    } else {
      out.items = tuple
      if (rest !== undefined) out.additionalItems = rest
    }
    return
  }
  if (node.items !== undefined) out.items = lowerChild(node.items, `${pointer}/items`, mode, env)
}

function lowerProperties(
  node: JsonObject,
  out: LoweredObject,
  mode: Semantics,
  pointer: string,
  env: LoweringEnvironment,
): void {
  const forbiddenKeyword = env.context === 'request' ? 'readOnly' : 'writeOnly'
  const forbidden = new Set<string>()
  if (node.properties !== undefined) {
    if (isObject(node.properties)) {
      const properties: LoweredObject = {}
      for (const name of Object.keys(node.properties)) {
        const source = node.properties[name]
        const childPointer = `${pointer}/properties/${escapePointerToken(name)}`
        if (isMarked(source, forbiddenKeyword, mode, env.document)) {
          forbidden.add(name)
          const refusal = record({ not: {} }, childPointer, env)
          env.notes.notes.set(refusal, { kind: 'forbidden', keyword: forbiddenKeyword })
          defineKey(properties, name, refusal)
        } else {
          defineKey(properties, name, lowerChild(source, childPointer, mode, env))
        }
      }
      out.properties = properties
    } else {
      malformedKeyword('properties', node.properties, pointer, env)
    }
  }
  if (node.patternProperties !== undefined) {
    if (isObject(node.patternProperties))
      out.patternProperties = lowerSchemaMap(
        node.patternProperties,
        `${pointer}/patternProperties`,
        mode,
        env,
      )
    else malformedKeyword('patternProperties', node.patternProperties, pointer, env)
  }
  moveProtoProperty(out)
  if (node.required !== undefined) {
    if (Array.isArray(node.required) && node.required.every((name) => typeof name === 'string')) {
      // A readOnly property required by the schema is required in responses only (and vice versa).
      const required = (node.required as string[]).filter((name) => !forbidden.has(name))
      if (required.length > 0) out.required = [...new Set(required)]
    } else {
      malformedKeyword('required', node.required, pointer, env)
    }
  }
}

function lowerSchemaMap(
  map: JsonObject,
  pointer: string,
  mode: Semantics,
  env: LoweringEnvironment,
): LoweredObject {
  const out: LoweredObject = {}
  for (const key of Object.keys(map)) {
    defineKey(out, key, lowerNode(map[key], `${pointer}/${escapePointerToken(key)}`, mode, env))
  }
  return out
}

function lowerDependencies(
  node: JsonObject,
  out: LoweredObject,
  mode: Semantics,
  pointer: string,
  env: LoweringEnvironment,
): void {
  const to2020 = env.target === '2020-12'
  if (mode !== 'oas30') {
    if (isObject(node.dependentRequired) && to2020) out.dependentRequired = node.dependentRequired
    if (isObject(node.dependentSchemas) && to2020) {
      out.dependentSchemas = lowerSchemaMap(node.dependentSchemas, `${pointer}/dependentSchemas`, mode, env)
    }
  }
  if (!isObject(node.dependencies) || (mode !== 'draft-06' && mode !== 'draft-07' && mode !== 'oas30')) return
  // Draft-07 `dependencies` mixes both forms; 2020-12 splits them.
  const required: LoweredObject = {}
  const schemas: LoweredObject = {}
  for (const key of Object.keys(node.dependencies)) {
    const value = node.dependencies[key]
    if (Array.isArray(value)) defineKey(required, key, value)
    else
      defineKey(
        schemas,
        key,
        lowerNode(value, `${pointer}/dependencies/${escapePointerToken(key)}`, mode, env),
      )
  }
  if (!to2020) {
    out.dependencies = { ...required, ...schemas }
    return
  }
  if (Object.keys(required).length > 0) out.dependentRequired = required
  if (Object.keys(schemas).length > 0) out.dependentSchemas = schemas
}

// Is the property schema marked `readOnly`/`writeOnly`? Looks through a `$ref` chain (the marker often
// sits on the referenced component); in 3.0 a marker beside a `$ref` is ignored like every sibling.
function isMarked(
  source: JsonValue | undefined,
  keyword: 'readOnly' | 'writeOnly',
  mode: Semantics,
  document: JsonObject,
): boolean {
  let current = source
  for (let hops = 0; hops < 16 && isObject(current); hops++) {
    const hasRef = typeof current.$ref === 'string'
    const siblingsCount = !hasRef || (mode !== 'oas30' && mode !== 'draft-06' && mode !== 'draft-07')
    if (siblingsCount && current[keyword] === true) return true
    if (!hasRef) return false
    current = resolvePointer(document, current.$ref as string)
  }
  return false
}

// 3.0 `nullable: true` adds `null` to what the schema accepts. A typed schema gets `null` in its type
// (and enum); anything else that could reject null is wrapped: `anyOf: [<schema>, {type: null}]`.
// A schema with no type and nothing else that rejects null already accepts it: GitHub's typeless
// `nullable: true` therefore adds no type.
function makeNullable(out: LoweredObject, env: LoweringEnvironment): LoweredObject {
  const rejectsNullElsewhere =
    out.allOf !== undefined ||
    out.anyOf !== undefined ||
    out.oneOf !== undefined ||
    out.not !== undefined ||
    out.const !== undefined ||
    out.if !== undefined
  if (!rejectsNullElsewhere) {
    if (out.type !== undefined) {
      const types = Array.isArray(out.type) ? (out.type as string[]) : [out.type as string]
      if (!types.includes('null')) out.type = [...types, 'null']
    }
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    return out
  }
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
  // `null` first: anyOf stops at the first match, so a null value never compiles the referenced schema.
  const wrapper: LoweredObject = { anyOf: [{ type: 'null' }, out] }
  env.notes.notes.set(wrapper, { kind: 'nullable-wrapper' })
  return wrapper
}

// A discriminator over `oneOf`/`anyOf` selects the branch to validate an object against, so errors come
// from that branch alone. Lowered to: objects must carry a known value, and each value's `if` applies its
// mapped schema; non-objects keep the plain `oneOf`/`anyOf`. Values come from `mapping`, then from the
// component names of direct `$ref` branches (implicit mapping). Without either, nothing can be enforced.
//
// @see https://spec.openapis.org/oas/v3.1.0#discriminator-object
function lowerDiscriminator(
  node: JsonObject,
  out: LoweredObject,
  pointer: string,
  env: LoweringEnvironment,
): void {
  const discriminator = node.discriminator
  const at = `${pointer}/discriminator`
  if (!isObject(discriminator)) {
    throw new SchemaLoweringError(
      `Malformed 'discriminator' at ${at}: expected object, got ${schemaTypeOf(discriminator)}.`,
      at,
    )
  }
  const property = discriminator.propertyName
  if (typeof property !== 'string' || property === '') {
    throw new SchemaLoweringError(
      `Malformed 'discriminator.propertyName' at ${at}: expected a non-empty string, got ${schemaTypeOf(property)}.`,
      at,
    )
  }
  const mapping = discriminator.mapping
  if (mapping !== undefined && !isObject(mapping)) {
    throw new SchemaLoweringError(
      `Malformed 'discriminator.mapping' at ${at}: expected object, got ${schemaTypeOf(mapping)}.`,
      at,
    )
  }
  const branchesKey = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined
  // A discriminator without oneOf/anyOf (the allOf "inheritance" style) only names the subtype; the
  // subtype itself is validated wherever it is referenced.
  if (branchesKey === undefined) return

  const targets = new Map<string, string>()
  for (const [value, target] of Object.entries(mapping ?? {})) {
    targets.set(value, mappingTarget(value, target, at, env.document))
  }
  const explicitTargets = new Set(targets.values())
  for (const branch of node[branchesKey] as JsonValue[]) {
    if (!isObject(branch) || typeof branch.$ref !== 'string' || explicitTargets.has(branch.$ref)) continue
    const match = /^#\/components\/schemas\/([^/]+)$/.exec(branch.$ref)
    if (match?.[1] === undefined) continue
    const name = decodeFragmentToken(match[1])
    if (!targets.has(name)) targets.set(name, branch.$ref)
  }
  let fallback: string | undefined
  if (env.version === '3.2' && discriminator.defaultMapping !== undefined) {
    fallback = mappingTarget('defaultMapping', discriminator.defaultMapping, at, env.document)
  }
  if (targets.size === 0 && fallback === undefined) return

  const values = [...targets.keys()]
  const objectRules: LoweredObject[] = []
  if (fallback === undefined) {
    const guardProperty: LoweredObject = { enum: values }
    const guard: LoweredObject = { required: [property], properties: {} }
    defineKey(guard.properties as LoweredObject, property, guardProperty)
    env.notes.notes.set(guardProperty, { kind: 'discriminator-guard', property, values })
    env.notes.notes.set(guard, { kind: 'discriminator-guard', property, values })
    objectRules.push(record(guard, at, env))
  } else {
    const known: LoweredObject = { required: [property], properties: {} }
    defineKey(known.properties as LoweredObject, property, { enum: values })
    const branch = conditional(values.length === 0 ? {} : { not: known }, env.reference(fallback))
    env.notes.notes.set(branch, {
      kind: 'discriminator-branch',
      property,
      value: '(default)',
      target: fallback,
    })
    objectRules.push(record(branch, at, env))
  }
  for (const [value, target] of targets) {
    const condition: LoweredObject = { required: [property], properties: {} }
    defineKey(condition.properties as LoweredObject, property, { const: value })
    const branch = conditional(condition, env.reference(target))
    env.notes.notes.set(branch, { kind: 'discriminator-branch', property, value, target })
    objectRules.push(record(branch, at, env))
  }
  const branches = out[branchesKey]
  delete out[branchesKey]
  const discriminatorSwitch = conditional(
    { type: 'object' },
    { allOf: objectRules },
    { [branchesKey]: branches },
  )
  env.notes.notes.set(discriminatorSwitch, { kind: 'discriminator-switch' })
  appendAllOf(out, record(discriminatorSwitch, at, env))
}

function mappingTarget(
  value: string,
  target: JsonValue | undefined,
  at: string,
  document: JsonObject,
): string {
  if (typeof target !== 'string') {
    throw new SchemaLoweringError(
      `Malformed 'discriminator.mapping[${value}]' at ${at}: expected a string reference, got ${schemaTypeOf(target)}.`,
      at,
    )
  }
  const ref = target.startsWith('#') ? target : `#/components/schemas/${escapePointerToken(target)}`
  const resolved = resolvePointer(document, ref)
  if (resolved === undefined) {
    throw new SchemaLoweringError(
      `Malformed 'discriminator.mapping[${value}]' at ${at}: '${redactUrl(target)}' does not resolve to a schema in the spec.`,
      at,
    )
  }
  if (!isObject(resolved) && typeof resolved !== 'boolean') {
    throw new SchemaLoweringError(
      `Malformed 'discriminator.mapping[${value}]' at ${at}: must reference a schema object, got ${schemaTypeOf(resolved)}.`,
      at,
    )
  }
  return ref
}

// `{ if, then, else }`: JSON Schema's conditional keywords.
function conditional(
  condition: LoweredSchema,
  consequence: LoweredSchema,
  alternative?: LoweredSchema,
): LoweredObject {
  const out: LoweredObject = { if: condition }
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema `then` keyword; a schema is never awaited.
  out.then = consequence
  if (alternative !== undefined) out.else = alternative
  return out
}

function appendAllOf(out: LoweredObject, schema: LoweredSchema): void {
  out.allOf = Array.isArray(out.allOf) ? [...out.allOf, schema] : [schema]
}

// Does the node (not following `$ref`s) use `unevaluatedProperties`/`unevaluatedItems`?
export function usesUnevaluated(node: JsonValue | undefined): boolean {
  const stack: (JsonValue | undefined)[] = [node]
  for (let current = stack.pop(); stack.length > 0 || current !== undefined; current = stack.pop()) {
    if (Array.isArray(current)) stack.push(...current)
    else if (isObject(current)) {
      if (current.unevaluatedProperties !== undefined || current.unevaluatedItems !== undefined) return true
      for (const key of Object.keys(current)) {
        if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'example' && key !== 'examples')
          stack.push(current[key])
      }
    }
  }
  return false
}

// Ajv skips a `properties` entry named `__proto__` (its code generator never reads that key), so a value
// under it would go unchecked: the entry becomes the equivalent `patternProperties` entry, which Ajv tests
// against every own key of the instance, `__proto__` included, and which `additionalProperties` and
// `unevaluatedProperties` count as declared.
function moveProtoProperty(out: LoweredObject): void {
  const properties = out.properties as LoweredObject | undefined
  const name = '__proto__'
  if (properties === undefined || !Object.hasOwn(properties, name)) return
  const schema = properties[name]
  delete properties[name]
  const patterns: LoweredObject = (out.patternProperties as LoweredObject | undefined) ?? {}
  const key = '^__proto__$'
  defineKey(patterns, key, Object.hasOwn(patterns, key) ? { allOf: [patterns[key], schema] } : schema)
  out.patternProperties = patterns
}

// Sets a user-named key; `__proto__` and friends become plain own properties, never prototypes.
export function defineKey(target: LoweredObject, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}
