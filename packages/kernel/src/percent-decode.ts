/**
 * A percent-encoded piece of a URI, a form value or a cookie, decoded; a malformed escape (a `%` not followed
 * by two hex digits, or bytes that are not UTF-8) keeps the piece as written rather than throwing.
 *
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-2.1
 * @example
 * percentDecode('dark%20blue') // 'dark blue'
 * percentDecode('100%') // '100%'
 */
export function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
