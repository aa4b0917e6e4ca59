import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { type LoadedSpec, resolvePointer } from '@contracttool/spec-loader'

// Expands a conjunction of schemas into the flat list of schema objects that all apply: `$ref`s followed,
// `allOf` branches inlined at every depth. Each object is visited once, so `$ref` and `allOf` cycles end.
// In 3.1 and 3.2 a `$ref` is an applicator and its siblings still apply; in 3.0 siblings are ignored.
// Boolean schemas carry no structure and are left out.
export function flattenSchemas(spec: LoadedSpec, roots: readonly JsonValue[]): JsonObject[] {
  const out: JsonObject[] = []
  const seen = new Set<JsonObject>()
  const stack: JsonValue[] = [...roots].reverse()
  const keepRefSiblings = spec.version !== '3.0'
  while (stack.length > 0) {
    const node = stack.pop()
    if (!isObject(node) || seen.has(node)) continue
    seen.add(node)
    const branches: JsonValue[] = []
    if (typeof node.$ref === 'string') {
      const target = resolvePointer(spec.document, node.$ref)
      if (target !== undefined) branches.push(target)
      if (keepRefSiblings) {
        out.push(node)
        if (Array.isArray(node.allOf)) branches.push(...node.allOf)
      }
    } else {
      out.push(node)
      if (Array.isArray(node.allOf)) branches.push(...node.allOf)
    }
    for (let i = branches.length - 1; i >= 0; i--) stack.push(branches[i] as JsonValue)
  }
  return out
}

export function declaresType(schema: JsonObject, type: string): boolean {
  const declared = schema.type
  return declared === type || (Array.isArray(declared) && declared.includes(type))
}

// The disjunction keyword a schema uses, if any (`anyOf` wins when both are present).
export function disjunctionOf(schema: JsonObject): 'anyOf' | 'oneOf' | undefined {
  if (Array.isArray(schema.anyOf)) return 'anyOf'
  if (Array.isArray(schema.oneOf)) return 'oneOf'
  return undefined
}
