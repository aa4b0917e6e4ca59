import { isObject } from '@contracttool/kernel'

/** Headers as the exchange carries them: lower-case names, a value or the list of values sent. */
export type HeaderRecord = Record<string, string | string[]>

/**
 * The headers of a message as the validator reads them. From a WHATWG `Headers`: its names (lower-case),
 * its values (several joined with `, ` as fetch joins them), and each `set-cookie` kept apart. From a Node
 * header object (`req.headers`, `res.getHeaders()`, a recorded object): names lower-cased, lists kept as
 * lists, numbers as strings, absent values left out.
 *
 * @see https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
 * @example
 * headerRecord({ 'Content-Type': 'application/json', 'Content-Length': 2 })
 * // { 'content-type': 'application/json', 'content-length': '2' }
 */
export function headerRecord(raw: unknown): HeaderRecord {
  const out: HeaderRecord = {}
  if (isFetchHeaders(raw)) {
    for (const [name, value] of raw) out[name] = value
    const setCookies = raw.getSetCookie()
    if (setCookies.length > 1) out['set-cookie'] = setCookies
    return out
  }
  if (!isObject(raw)) return out
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return out
}

/**
 * A WHATWG `Headers`, tested by its tag first: reading the global `Headers` makes Node load its fetch
 * implementation, which would cost every test file that reads Node or supertest headers.
 */
function isFetchHeaders(value: unknown): value is Headers {
  return (
    Object.prototype.toString.call(value) === '[object Headers]' &&
    typeof Headers !== 'undefined' &&
    value instanceof Headers
  )
}
