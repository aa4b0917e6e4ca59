/** True for `application/json` and any `+json` media type (parameters ignored). */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false
  const essence = contentType.split(';', 1)[0]!.trim().toLowerCase()
  return essence === 'application/json' || essence.endsWith('+json')
}

/**
 * Turns a body as it travelled (text or bytes) into what the validator expects: the decoded JSON value for
 * JSON media types, the text otherwise, `undefined` when nothing was sent.
 */
export function decodeBody(
  raw: string | Uint8Array | null | undefined,
  contentType: string | undefined,
): unknown {
  if (raw === null || raw === undefined) return undefined
  const text =
    typeof raw === 'string' ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8')
  if (text === '') return undefined
  if (!isJsonMediaType(contentType)) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    // Invalid JSON under a JSON media type is a contract violation, not misuse: hand the text on so the
    // validator reports it against the schema.
    return text
  }
}
