import { normalizeMediaType } from '@contracttool/kernel'

export { normalizeMediaType }

// `isJsonMediaType` of @contracttool/spec-loader for a type already normalized (the hot path).
//
// @see https://spec.openapis.org/oas/v3.1.0#media-types
export function isJsonMediaType(normalized: string): boolean {
  return normalized === 'application/json' || normalized.endsWith('+json')
}

// The spec key a concrete media type falls under: the exact key (case-insensitive), then `type/*`,
// then `*/*`. A key's parameters other than `charset` must each be sent with the same value
// (`application/json; version=1` does not take `application/json; version=2`); parameters the key does
// not name are free.
//
// @see https://spec.openapis.org/oas/v3.1.0#content-types
// @see https://www.rfc-editor.org/rfc/rfc9110#section-8.3.1
export function findMediaKey(
  keys: readonly string[],
  normalized: string,
  contentType: string = normalized,
): string | undefined {
  // Most specs write keys already normalized: the common case needs no normalizing pass.
  if (keys.includes(normalized)) return normalized
  const normalizedKeys = keys.map(normalizeMediaType)
  const find = (wanted: string): string | undefined => {
    for (let i = 0; i < keys.length; i++) {
      if (normalizedKeys[i] === wanted && parametersMatch(keys[i] as string, contentType)) return keys[i]
    }
    return undefined
  }
  const exact = find(normalized)
  if (exact !== undefined) return exact
  const slash = normalized.indexOf('/')
  if (slash !== -1) {
    const range = find(`${normalized.slice(0, slash)}/*`)
    if (range !== undefined) return range
  }
  return find('*/*')
}

// True when a key declares this very type but with parameters the Content-Type does not carry: the
// type is documented, that variant of it is not (so no other key stands in for it).
export function isOtherVariant(keys: readonly string[], normalized: string): boolean {
  return keys.some((key) => key.includes(';') && normalizeMediaType(key) === normalized)
}

// Each parameter of `key` but `charset`, sent in `contentType` with the same value.
function parametersMatch(key: string, contentType: string): boolean {
  const wanted = readParameters(key)
  if (wanted.size === 0) return true
  const sent = readParameters(contentType)
  for (const [name, value] of wanted) if (sent.get(name) !== value) return false
  return true
}

// Parameter names are case-insensitive, values compared as sent (quotes removed); `charset` is left out,
// as RFC 9110 makes its value case-insensitive and a JSON body's charset is fixed by RFC 8259.
function readParameters(mediaType: string): Map<string, string> {
  const out = new Map<string, string>()
  const parts = mediaType.split(';')
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] as string
    const equals = part.indexOf('=')
    if (equals === -1) continue
    const name = part.slice(0, equals).trim().toLowerCase()
    if (name === 'charset' || name === '') continue
    let value = part.slice(equals + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    out.set(name, value)
  }
  return out
}

// The first key declaring a JSON media type, in spec order.
export function firstJsonKey(keys: readonly string[]): string | undefined {
  return keys.find((key) => isJsonMediaType(normalizeMediaType(key)))
}
