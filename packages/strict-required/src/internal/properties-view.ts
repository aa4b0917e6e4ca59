import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { type CompiledPattern, compilePattern } from '@contracttool/pattern'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { disjunctionOf, flattenSchemas } from './flatten-schemas.js'
import { getOrCreate } from './get-or-create.js'

// Keywords whose effect depends on which branch or condition an instance meets: not walked.
const CONDITIONAL_KEYWORDS = ['if', 'then', 'else', 'dependentSchemas'] as const

// How a conjunction of schemas documents the properties of an object (and the elements of an array), for
// the undocumented-property check. Built once per distinct schema list and memoised, so walking an array of
// 100k elements reads the schema once.
export class PropertiesView {
  // An `anyOf`/`oneOf`/`if`/`dependentSchemas` applies here: which branch holds is unknown, so stop.
  readonly stops: boolean
  // `additionalProperties` (any value) or `unevaluatedProperties` is present: undeclared names are intended.
  readonly explicitOpen: boolean
  // Schema-valued `additionalProperties` (or `unevaluatedProperties` where no `additionalProperties` sits beside it).
  readonly openSchemas: readonly JsonObject[]
  // True when some schema lists element schemas by position (`prefixItems`, or `items` as an array).
  readonly hasPositionalItems: boolean

  readonly #flat: readonly JsonObject[]
  readonly #properties = new Map<string, JsonObject[]>()
  readonly #patterns: { readonly regex: CompiledPattern | undefined; readonly schemas: JsonObject[] }[] = []
  readonly #children = new Map<string, readonly JsonObject[] | undefined>()
  readonly #itemsByIndex = new Map<number, readonly JsonObject[]>()
  readonly #positionalLength: number

  constructor(flat: readonly JsonObject[]) {
    this.#flat = flat
    let stops = false
    let explicitOpen = false
    let positionalLength = 0
    const openSchemas: JsonObject[] = []
    for (const schema of flat) {
      if (
        disjunctionOf(schema) !== undefined ||
        CONDITIONAL_KEYWORDS.some((key) => Object.hasOwn(schema, key))
      ) {
        stops = true
      }
      if (isObject(schema.properties)) {
        for (const [name, child] of Object.entries(schema.properties)) {
          const list = getOrCreate(this.#properties, name, (): JsonObject[] => [])
          if (isObject(child)) list.push(child)
        }
      }
      if (isObject(schema.patternProperties)) {
        // Tested as the validator tests `pattern` (bounded time whatever the pattern); an invalid one matches nothing.
        for (const [pattern, child] of Object.entries(schema.patternProperties)) {
          this.#patterns.push({ regex: compilePattern(pattern), schemas: isObject(child) ? [child] : [] })
        }
      }
      if (Object.hasOwn(schema, 'additionalProperties')) {
        explicitOpen = true
        if (isObject(schema.additionalProperties)) openSchemas.push(schema.additionalProperties)
      } else if (Object.hasOwn(schema, 'unevaluatedProperties')) {
        explicitOpen = true
        if (isObject(schema.unevaluatedProperties)) openSchemas.push(schema.unevaluatedProperties)
      }
      const positional = Array.isArray(schema.prefixItems)
        ? schema.prefixItems
        : Array.isArray(schema.items)
          ? schema.items
          : []
      positionalLength = Math.max(positionalLength, positional.length)
    }
    this.stops = stops
    this.explicitOpen = explicitOpen
    this.openSchemas = openSchemas
    this.hasPositionalItems = positionalLength > 0
    this.#positionalLength = positionalLength
  }

  // Schemas of a declared property (`properties` plus matching `patternProperties`); undefined when undeclared.
  childSchemas(name: string): readonly JsonObject[] | undefined {
    if (this.#children.has(name)) return this.#children.get(name)
    let declared = this.#properties.has(name)
    const schemas = [...(this.#properties.get(name) ?? [])]
    for (const pattern of this.#patterns) {
      // A name the pattern could not be tested on in bounded time is not reported as undeclared.
      if (pattern.regex !== undefined && pattern.regex.test(name) !== false) {
        declared = true
        schemas.push(...pattern.schemas)
      }
    }
    const result = declared ? schemas : undefined
    this.#children.set(name, result)
    return result
  }

  // Schemas that apply to the element at `index` of an array instance.
  itemSchemas(index: number): readonly JsonObject[] {
    const slot = Math.min(index, this.#positionalLength)
    let schemas = this.#itemsByIndex.get(slot)
    if (schemas === undefined) {
      schemas = this.#flat.flatMap((schema) => itemSchemaAt(schema, slot))
      this.#itemsByIndex.set(slot, schemas)
    }
    return schemas
  }
}

// Memoises views by the identity of the schema list they were built from.
export class ViewCache {
  readonly #spec: LoadedSpec
  readonly #views = new WeakMap<readonly JsonValue[], PropertiesView>()

  constructor(spec: LoadedSpec) {
    this.#spec = spec
  }

  of(schemas: readonly JsonValue[]): PropertiesView {
    let view = this.#views.get(schemas)
    if (view === undefined) {
      view = new PropertiesView(flattenSchemas(this.#spec, schemas))
      this.#views.set(schemas, view)
    }
    return view
  }
}

function itemSchemaAt(schema: JsonObject, index: number): JsonObject[] {
  const { prefixItems, items, additionalItems } = schema
  if (Array.isArray(prefixItems)) {
    const positional = prefixItems[index]
    if (positional !== undefined) return isObject(positional) ? [positional] : []
    return isObject(items) ? [items] : []
  }
  if (Array.isArray(items)) {
    const positional = items[index]
    if (positional !== undefined) return isObject(positional) ? [positional] : []
    return isObject(additionalItems) ? [additionalItems] : []
  }
  return isObject(items) ? [items] : []
}
