import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { isObject } from '@contracttool/kernel'
import { resolvePointer } from './resolve-pointer.js'

const MAX_HOPS = 64

/**
 * Follows a chain of local `$ref`s from `node` to the first node that is not a Reference Object.
 * Loaded documents never hold a chain that loops (the loader refuses them); the hop bound only keeps a
 * hand-built document from hanging. A dangling reference returns the last node reached.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#reference-object
 * @example
 * const response = follow(spec.document, { $ref: '#/components/responses/NotFound' })
 */
export function follow(document: JsonObject, node: JsonValue | undefined): JsonValue {
  let current: JsonValue | undefined = node
  for (let hops = 0; hops < MAX_HOPS && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const target = resolvePointer(document, current.$ref)
    if (target === undefined) break
    current = target
  }
  return current ?? null
}
