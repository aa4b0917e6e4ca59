import { isJsonMediaType } from '@contracttool/kernel'

// The validator's definition of JSON, shared so adapters decode bodies exactly as they are validated.
export { isJsonMediaType }

/**
 * Turns a body as it travelled (text or bytes) into what `validateResponse` and `validateRequest` expect:
 * the decoded JSON value for JSON media types, the text otherwise, `undefined` when nothing was sent.
 * Invalid JSON under a JSON media type is handed on as text, so the validator reports it as a violation.
 *
 * @example
 * decodeBody('{"id":1}', 'application/json') // { id: 1 }
 */
export function decodeBody(
  raw: string | Uint8Array | null | undefined,
  contentType: string | null | undefined,
): unknown {
  if (raw === null || raw === undefined) return undefined
  const text =
    typeof raw === 'string' ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8')
  if (text === '') return undefined
  if (!isJsonMediaType(contentType)) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
