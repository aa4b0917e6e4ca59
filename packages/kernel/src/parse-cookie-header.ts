import { percentDecode } from './percent-decode.js'

/**
 * The cookies of a `Cookie` request header as name → value, read as the `cookie` package (behind Express's
 * `cookie-parser`) reads them, so that cookies a framework parsed and cookies read from the header agree:
 * - the header's `name=value` pairs are split at `;` (RFC 6265 §4.2.1), names and values trimmed; a pair
 *   without `=` or without a name is left out, an empty value kept;
 * - of two pairs with one name, the first wins: a user agent lists the cookie with the longer path first
 *   (RFC 6265 §5.4), and §4.2.2 leaves the choice to the server;
 * - values are percent-decoded where they decode and kept as sent otherwise: a cookie parameter's default
 *   `style: form` percent-encodes its value (RFC 6570 form expansion);
 * - the record has no prototype, so a cookie named `__proto__` or `constructor` is an own key like any other.
 *
 * `undefined` when no header was sent; an empty header carries no cookies.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.2
 * @see https://spec.openapis.org/oas/v3.2.0#style-values
 * @example
 * parseCookieHeader('session=abc; theme=dark%20blue; session=old') // { session: 'abc', theme: 'dark blue' }
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> | undefined {
  if (header === undefined || header === null) return undefined
  const cookies: Record<string, string> = Object.create(null)
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq).trim()
    if (eq === -1 || name === '' || Object.hasOwn(cookies, name)) continue
    cookies[name] = percentDecode(pair.slice(eq + 1).trim())
  }
  return cookies
}
