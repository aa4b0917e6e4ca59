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
