import { normalizeMediaType } from '@contracttool/spec-loader'

export { normalizeMediaType }

// `isJsonMediaType` of @contracttool/spec-loader for a type already normalized (the hot path).
//
// @see https://spec.openapis.org/oas/v3.1.0#media-types
export function isJsonMediaType(normalized: string): boolean {
  return normalized === 'application/json' || normalized.endsWith('+json')
}

// The spec key a concrete media type falls under: the exact key (case-insensitive), then `type/*`,
// then `*/*`. Keys are compared after dropping their own parameters.
//
// @see https://spec.openapis.org/oas/v3.1.0#content-types
export function findMediaKey(keys: readonly string[], normalized: string): string | undefined {
  // Most specs write keys already normalized: the common case needs no normalizing pass.
  if (keys.includes(normalized)) return normalized
  const normalizedKeys = keys.map(normalizeMediaType)
  const exact = normalizedKeys.indexOf(normalized)
  if (exact !== -1) return keys[exact]
  const slash = normalized.indexOf('/')
  if (slash !== -1) {
    const range = normalizedKeys.indexOf(`${normalized.slice(0, slash)}/*`)
    if (range !== -1) return keys[range]
  }
  const any = normalizedKeys.indexOf('*/*')
  return any === -1 ? undefined : keys[any]
}

// The first key declaring a JSON media type, in spec order.
export function firstJsonKey(keys: readonly string[]): string | undefined {
  return keys.find((key) => isJsonMediaType(normalizeMediaType(key)))
}
