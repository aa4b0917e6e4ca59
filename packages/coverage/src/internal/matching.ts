import { ANY_CONTENT_TYPE } from '../types.js'

const RANGE = /^([1-5])[xX]{2}$/
const LITERAL = /^[1-5]\d\d$/

// Whether a recorded status key satisfies a declared one: equal ignoring case, a declared `default`
// (matches anything), or a range key against a literal status with the same leading digit, in either direction.
export function statusKeyMatches(declared: string, recorded: string): boolean {
  if (declared.toLowerCase() === recorded.toLowerCase()) return true
  if (declared.toLowerCase() === 'default') return true
  const declaredRange = RANGE.exec(declared)
  if (declaredRange !== null && LITERAL.test(recorded)) return recorded[0] === declaredRange[1]
  const recordedRange = RANGE.exec(recorded)
  if (recordedRange !== null && LITERAL.test(declared)) return declared[0] === recordedRange[1]
  return false
}

// `*` on either side matches anything; otherwise media-type keys compare case-insensitively.
export function contentTypeMatches(declared: string, recorded: string): boolean {
  if (declared === ANY_CONTENT_TYPE || recorded === ANY_CONTENT_TYPE) return true
  return declared.toLowerCase() === recorded.toLowerCase()
}

// Byte-order-like comparison (code units), the order `strcmp` gives for the ASCII keys of a spec.
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function compareCaseInsensitive(a: string, b: string): number {
  return compareStrings(a.toLowerCase(), b.toLowerCase())
}

// Rows: status key ascending, then content type case-insensitively with `*` last.
export function compareResponseRows(
  a: { readonly statusKey: string; readonly contentTypeKey: string },
  b: { readonly statusKey: string; readonly contentTypeKey: string },
): number {
  const byStatus = compareStrings(a.statusKey, b.statusKey)
  if (byStatus !== 0) return byStatus
  const aAny = a.contentTypeKey === ANY_CONTENT_TYPE
  const bAny = b.contentTypeKey === ANY_CONTENT_TYPE
  if (aAny !== bAny) return aAny ? 1 : -1
  return compareCaseInsensitive(a.contentTypeKey, b.contentTypeKey)
}
