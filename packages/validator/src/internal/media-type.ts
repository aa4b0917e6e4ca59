// `application/problem+json; charset=utf-8` → `application/problem+json` (parameters dropped, trimmed, lower case).
export function normalizeMediaType(value: string): string {
  const semicolon = value.indexOf(';')
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase()
}

// JSON is `application/json` or any `+json` structured suffix. `text/json` and `application/jsonp` are not.
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
