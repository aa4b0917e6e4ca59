/** RFC 3986 percent-encoding of one path segment value (every byte outside the unreserved set encoded). */
export function encodePathValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** application/x-www-form-urlencoded encoding of one name or value (spaces become `+`). */
export function encodeFormComponent(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1)
}

/** Single-quotes a shell word; line breaks become spaces so a replay line stays one line. */
export function shellQuote(text: string): string {
  return `'${text.replace(/[\r\n]+/g, ' ').replaceAll("'", `'\\''`)}'`
}

const SECRET_NAME = /api[-_]?key|token|secret/i
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie'])

/** Header names whose values never appear in a redacted replay line. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name)
}

/** Query parameter names whose values never appear in a redacted replay line. */
export function isSecretQueryName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** Deeply freezes a JSON value in place and returns it. */
export function freezeJson<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) freezeJson(child)
    Object.freeze(value)
  }
  return value
}
