import type { JsonValue } from '@contracttool/kernel'
import { decodeFragmentToken } from '@contracttool/kernel/internal'

/**
 * Resolves a local reference (`#/a/b~1c`) inside `document`. Percent-decoding first, then `~1` → `/`,
 * then `~0` → `~` (RFC 6901 §4, RFC 3986 fragment encoding). Returns undefined when the target is missing.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6901#section-6
 * @example
 * resolvePointer(spec.document, '#/components/schemas/Pet') // the Pet schema, or undefined
 */
export function resolvePointer(document: JsonValue, ref: string): JsonValue | undefined {
  if (!ref.startsWith('#')) return undefined
  const pointer = ref.slice(1)
  if (pointer === '') return document
  if (!pointer.startsWith('/')) return undefined
  let current: JsonValue | undefined = document
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeFragmentToken(raw)
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined
      current = current[Number(token)]
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token)) {
      current = current[token]
    } else {
      return undefined
    }
    if (current === undefined) return undefined
  }
  return current
}
