import { isJsonMediaType as isNormalizedJsonMediaType, normalizeMediaType } from './internal/media-type.js'

/**
 * True for `application/json` and any `+json` media type; parameters and case are ignored. This is the
 * validator's own definition of JSON, shared so adapters decode bodies exactly as they are validated.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#media-types
 * @example
 * isJsonMediaType('application/problem+json; charset=utf-8') // true
 */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  return (
    contentType !== null &&
    contentType !== undefined &&
    isNormalizedJsonMediaType(normalizeMediaType(contentType))
  )
}

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
