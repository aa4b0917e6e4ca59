/** True for `application/json` and any `+json` media type (parameters ignored). */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return false
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase()
  return essence === 'application/json' || essence.endsWith('+json')
}

/** The decoded JSON value for JSON media types, the text otherwise, `undefined` for an empty body. */
export function decodeBody(text: string, contentType: string | null | undefined): unknown {
  if (text === '') return undefined
  if (!isJsonMediaType(contentType)) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    // Invalid JSON under a JSON media type is a contract violation: the validator reports the text.
    return text
  }
}
