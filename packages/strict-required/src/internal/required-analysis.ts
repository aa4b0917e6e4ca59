import { isObject, type JsonValue } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { declaresType, disjunctionOf, flattenSchemas } from './flatten-schemas.js'
import { getOrCreate } from './get-or-create.js'
import { itemsPointer, type PointerStep, parsePointer, propertyPointer } from './pointer.js'

// What the schema says about one observation pointer.
export type RequiredLookup =
  // An object node: the names it declares in `properties` and the names it requires (both `allOf`-unioned).
  | { readonly kind: 'known'; readonly declared: ReadonlySet<string>; readonly required: ReadonlySet<string> }
  // The pointer is at or below an `anyOf`/`oneOf` node: `required` has no AND-semantic there.
  | { readonly kind: 'disjunction'; readonly reason: 'anyOf' | 'oneOf'; readonly at: string }
  // The pointer is at or below a map-shaped node (`additionalProperties`, no `properties`): keys are data.
  | { readonly kind: 'map'; readonly at: string }
  // The schema does not model an object there (undeclared property, scalar, array mismatch).
  | { readonly kind: 'unmodelled' }

type Shape = 'object' | 'array' | 'disjunction' | 'map' | 'leaf'

interface SchemaNode {
  readonly shape: Shape
  readonly reason: 'anyOf' | 'oneOf' | undefined
  readonly properties: ReadonlyMap<string, readonly JsonValue[]>
  readonly declared: ReadonlySet<string>
  readonly required: ReadonlySet<string>
  readonly items: readonly JsonValue[]
}

const UNMODELLED: RequiredLookup = { kind: 'unmodelled' }

// Answers "which keys does the response schema declare and require at this pointer?" for the pointers a
// body produced. Descends by pointer rather than by schema, so recursive schemas are walked only as deep as
// real bodies went; nodes are cached by pointer prefix.
export class RequiredAnalysis {
  readonly #spec: LoadedSpec
  readonly #nodes = new Map<string, SchemaNode>()

  constructor(spec: LoadedSpec, rootSchema: JsonValue) {
    this.#spec = spec
    this.#nodes.set('', buildNode(spec, [rootSchema]))
  }

  lookup(pointer: string): RequiredLookup {
    const steps = parsePointer(pointer)
    if (steps === undefined) return UNMODELLED
    let prefix = ''
    let node = this.#nodes.get('') as SchemaNode
    for (let i = 0; ; i++) {
      if (node.shape === 'disjunction')
        return { kind: 'disjunction', reason: node.reason ?? 'anyOf', at: prefix }
      if (node.shape === 'map') return { kind: 'map', at: prefix }
      const step = steps[i]
      if (step === undefined) {
        return node.shape === 'object'
          ? { kind: 'known', declared: node.declared, required: node.required }
          : UNMODELLED
      }
      const next = this.#child(node, prefix, step)
      if (next === undefined) return UNMODELLED
      ;[prefix, node] = next
    }
  }

  #child(node: SchemaNode, prefix: string, step: PointerStep): [string, SchemaNode] | undefined {
    let childPrefix: string
    let schemas: readonly JsonValue[] | undefined
    if (step.kind === 'property') {
      if (node.shape !== 'object') return undefined
      schemas = node.properties.get(step.name)
      childPrefix = propertyPointer(prefix, step.name)
    } else {
      if (node.shape !== 'array') return undefined
      schemas = node.items
      childPrefix = itemsPointer(prefix)
    }
    if (schemas === undefined) return undefined
    const found = schemas
    return [childPrefix, getOrCreate(this.#nodes, childPrefix, () => buildNode(this.#spec, found))]
  }
}

// Reads one node: every flattened schema contributes (`allOf` is a union of constraints).
function buildNode(spec: LoadedSpec, schemas: readonly JsonValue[]): SchemaNode {
  const flat = flattenSchemas(spec, schemas)
  const properties = new Map<string, JsonValue[]>()
  const required = new Set<string>()
  const items: JsonValue[] = []
  let reason: 'anyOf' | 'oneOf' | undefined
  let isOpenMap = false
  let isObjectType = false
  let isArrayType = false
  for (const schema of flat) {
    if (isObject(schema.properties)) {
      for (const [name, child] of Object.entries(schema.properties)) {
        const list = properties.get(name)
        if (list === undefined) properties.set(name, [child])
        else list.push(child)
      }
    }
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) if (typeof name === 'string') required.add(name)
    }
    if (isObject(schema.items) || typeof schema.items === 'boolean') items.push(schema.items)
    reason ??= disjunctionOf(schema)
    if (schema.additionalProperties === true || isObject(schema.additionalProperties)) isOpenMap = true
    if (declaresType(schema, 'object')) isObjectType = true
    if (declaresType(schema, 'array')) isArrayType = true
  }
  return { shape: shapeOf(), reason, properties, declared: new Set(properties.keys()), required, items }

  function shapeOf(): Shape {
    if (properties.size > 0) return 'object'
    if (items.length > 0) return 'array'
    if (reason !== undefined) return 'disjunction'
    if (isOpenMap) return 'map'
    if (isObjectType) return 'object'
    if (isArrayType) return 'array'
    return 'leaf'
  }
}
