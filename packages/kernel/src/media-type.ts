/**
 * A media type as a spec key or a `Content-Type` header carries it, reduced to what identifies it:
 * parameters dropped, trimmed, lower case.
 *
 * @example
 * normalizeMediaType('Application/Problem+JSON; charset=utf-8') // 'application/problem+json'
 */
export function normalizeMediaType(value: string): string {
  const semicolon = value.indexOf(';')
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase()
}

/**
 * True for `application/json` and any `+json` media type; parameters and case are ignored. `text/json`
 * and `application/jsonp` are not JSON. The one definition of JSON every package shares, so that
 * adapters decode bodies, the validator checks them and coverage reports read them alike.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#media-types
 * @example
 * isJsonMediaType('application/problem+json; charset=utf-8') // true
 */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return false
  const normalized = normalizeMediaType(contentType)
  return normalized === 'application/json' || normalized.endsWith('+json')
}

/** The sequential formats of OpenAPI 3.2 that contracttool splits into items. */
export type SequentialMediaFormat = 'json-lines' | 'json-seq' | 'event-stream'

/**
 * The format of a sequential media type (OpenAPI 3.2: a repeating structure, each item described by
 * `itemSchema`): `json-lines` for `application/jsonl`, `application/x-ndjson` and `+jsonl`, `json-seq`
 * for `application/json-seq` and `+json-seq` (RFC 7464), `event-stream` for `text/event-stream`;
 * undefined for any other type (`multipart/mixed` included: its items are not split here).
 *
 * @see https://spec.openapis.org/oas/v3.2.0#sequential-media-types
 * @example
 * sequentialMediaFormat('application/x-ndjson; charset=utf-8') // 'json-lines'
 */
export function sequentialMediaFormat(
  contentType: string | null | undefined,
): SequentialMediaFormat | undefined {
  if (contentType === null || contentType === undefined) return undefined
  const normalized = normalizeMediaType(contentType)
  if (
    normalized === 'application/jsonl' ||
    normalized === 'application/x-ndjson' ||
    normalized.endsWith('+jsonl')
  )
    return 'json-lines'
  if (normalized === 'application/json-seq' || normalized.endsWith('+json-seq')) return 'json-seq'
  if (normalized === 'text/event-stream') return 'event-stream'
  return undefined
}
