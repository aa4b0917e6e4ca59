/**
 * A `Cookie` header as name → value: pairs separated by `;`, names and values trimmed (a pair without `=`
 * or without a name left out), values percent-decoded where they decode (kept as sent otherwise), a later
 * pair winning over an earlier one of the same name. `undefined` when no header or an empty one was sent.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.2
 * @example
 * parseCookieHeader('session=abc; theme=dark%20blue') // { session: 'abc', theme: 'dark blue' }
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> | undefined {
  if (header === undefined || header === null || header === '') return undefined
  const cookies: Record<string, string> = {}
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const name = part.slice(0, eq).trim()
    if (eq === -1 || name === '') continue
    const value = part.slice(eq + 1).trim()
    try {
      cookies[name] = decodeURIComponent(value)
    } catch {
      cookies[name] = value
    }
  }
  return cookies
}
