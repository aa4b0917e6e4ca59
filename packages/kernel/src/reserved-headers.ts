/**
 * Header parameter names (lower case) that OpenAPI says to ignore for `in: header`: `Accept`,
 * `Content-Type` and `Authorization` are described by the media types and the security schemes instead.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#parameter-object
 * @example
 * RESERVED_HEADERS.has('content-type') // true
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization'])
