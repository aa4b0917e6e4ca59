import { createHash } from 'node:crypto'

/** Longest base name (without the digest and `.test.ts`) before a name is shortened. */
const MAX_BASE_LENGTH = 100

/**
 * File names of the stub files for a list of endpoints (`"METHOD path"`), derived from method and path,
 * never from `operationId`: `GET /pets/{petId}` → `get-pets-pet-id.test.ts`. Endpoints whose names
 * collide each get a suffix from a short digest of their own `"METHOD path"`, so a name depends only on
 * the set of operations the spec declares, never on which of them are being stubbed. Pass every
 * operation of the spec.
 *
 * @example
 * stubFileNames(['GET /pets/{petId}']).get('GET /pets/{petId}') // 'get-pets-pet-id.test.ts'
 */
export function stubFileNames(endpoints: readonly string[]): ReadonlyMap<string, string> {
  const bases = new Map<string, string>()
  const counts = new Map<string, number>()
  for (const endpoint of new Set(endpoints)) {
    const base = baseName(endpoint)
    bases.set(endpoint, base)
    counts.set(base, (counts.get(base) ?? 0) + 1)
  }
  const names = new Map<string, string>()
  for (const [endpoint, base] of bases) {
    const suffix =
      (counts.get(base) ?? 0) > 1 || base.length > MAX_BASE_LENGTH ? `-${shortDigest(endpoint)}` : ''
    names.set(endpoint, `${base.slice(0, MAX_BASE_LENGTH).replace(/-+$/, '')}${suffix}.test.ts`)
  }
  return names
}

/**
 * Seven hex digits of SHA-256 over the text: stable across runs and machines.
 *
 * @example
 * shortDigest('GET /pet_items') // '60b6d47'
 */
export function shortDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 7)
}

function baseName(endpoint: string): string {
  const space = endpoint.indexOf(' ')
  const method = space === -1 ? endpoint : endpoint.slice(0, space)
  const path = space === -1 ? '' : endpoint.slice(space + 1)
  const methodWords = words(method)
  const pathWords = words(path)
  return [
    ...(methodWords.length > 0 ? methodWords : ['method']),
    ...(pathWords.length > 0 ? pathWords : ['root']),
  ].join('-')
}

/** Splits on anything that is not an ASCII letter or digit, then on camelCase boundaries; lower case. */
function words(text: string): string[] {
  const out: string[] = []
  for (const chunk of text.split(/[^A-Za-z0-9]+/)) {
    if (chunk === '') continue
    const spaced = chunk.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    for (const word of spaced.split(' ')) if (word !== '') out.push(word.toLowerCase())
  }
  return out
}
