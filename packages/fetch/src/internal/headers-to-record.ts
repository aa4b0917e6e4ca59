/** A `Headers` object as the validator reads headers; `set-cookie` keeps each value. */
export function headersToRecord(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of headers) out[name] = value
  const setCookies = headers.getSetCookie()
  if (setCookies.length > 1) out['set-cookie'] = setCookies
  return out
}

/** Parses a `Cookie` header into name → value. */
export function parseCookieHeader(header: string | null): Record<string, string> | undefined {
  if (header === null || header === '') return undefined
  const cookies: Record<string, string> = {}
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    const value = part.slice(eq + 1).trim()
    try {
      cookies[part.slice(0, eq).trim()] = decodeURIComponent(value)
    } catch {
      cookies[part.slice(0, eq).trim()] = value
    }
  }
  return cookies
}
