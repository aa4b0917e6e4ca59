import { terminalText } from '@contracttool/kernel/internal'
// Headers as adapters hand them over: names in any case, a value or a list of values.
export type RawHeaders = Readonly<Record<string, unknown>>

// The headers of one message, read case-insensitively (see `headerValues`).
export type HeaderIndex = RawHeaders

// The headers to read, or undefined when they were not captured (then they are not checked). Nothing
// is copied: `headerValues` looks names up where they are.
export function indexHeaders(headers: RawHeaders | undefined): HeaderIndex | undefined {
  return headers === undefined || headers === null ? undefined : headers
}

// The values sent for a header, case-insensitively, or undefined when absent. Lists (a header sent
// several times) stay lists and spellings differing only in case merge; numbers (some recorders store
// them) become strings. Node and fetch hand over lower-case names, so the first lookup usually hits;
// only a miss scans the names, comparing lengths before case.
export function headerValues(headers: HeaderIndex | undefined, name: string): readonly string[] | undefined {
  if (headers === undefined) return undefined
  const wanted = name.trim().toLowerCase()
  let found: string[] | undefined
  for (const key in headers) {
    if (key !== wanted) {
      const padded = key.charCodeAt(0) <= 32 || key.charCodeAt(key.length - 1) <= 32
      if (key.length !== wanted.length && !padded) continue
      if (key.trim().toLowerCase() !== wanted) continue
    }
    if (!Object.hasOwn(headers, key)) continue
    const value = headers[key]
    if (value === undefined || value === null) continue
    const values =
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [String(value)]
    found = found === undefined ? values : [...found, ...values]
  }
  return found
}

// The first value of a header, if sent.
export function firstHeader(headers: HeaderIndex | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined
  const wanted = name.toLowerCase()
  const direct = Object.hasOwn(headers, wanted) ? headers[wanted] : undefined
  if (typeof direct === 'string') return direct
  return headerValues(headers, name)?.[0]
}

// The Content-Type as messages and matching see it. A field value never holds CR, LF or NUL (RFC 9110,
// section 5.5); one that does is shown with its control characters escaped, so it cannot add lines to a
// message, and it matches no media type either way.
export function readContentType(value: string | undefined): string | undefined {
  return value === undefined ? undefined : terminalText(value)
}
