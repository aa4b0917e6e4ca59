import { types } from 'node:util'
import { isObject, parseCookieHeader } from '@contracttool/kernel'
import type { Exchange } from '@contracttool/validator'
import { decodeBody, firstHeader } from '@contracttool/validator/internal'
import { headerRecord } from './header-record.js'

/** One request and its response as a client or a framework keeps them, before they are read. */
export interface ExchangeParts {
  readonly request: {
    readonly method: string
    /** The path as sent, query included. */
    readonly path: string
    /** A Node header object or a WHATWG `Headers` (see `headerRecord()`). */
    readonly headers: unknown
    /** Cookies a framework already parsed; without them, the `Cookie` header is read. */
    readonly cookies?: Readonly<Record<string, string>> | undefined
    /** The body as sent (text or bytes) or as a framework parsed it; undefined when none was sent. */
    readonly body?: unknown
  }
  readonly response: {
    readonly status: number
    /** A Node header object or a WHATWG `Headers` (see `headerRecord()`). */
    readonly headers: unknown
    /** The body as received; undefined when there was none. */
    readonly body?: string | Uint8Array | undefined
  }
}

/**
 * The exchange the validator checks, from its raw parts: headers as `headerRecord()` reads them, the
 * content types from them, cookies from the `Cookie` header unless given, and each body decoded for its
 * content type (`decodeBody()`). The method is upper-cased; absent parts are left out.
 *
 * @example
 * buildExchange({
 *   request: { method: 'get', path: '/pets?limit=2', headers: { cookie: 'session=abc' } },
 *   response: { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
 * })
 * // { request: { method: 'GET', path: '/pets?limit=2', headers: { cookie: 'session=abc' }, cookies: { session: 'abc' } },
 * //   response: { status: 200, headers: { 'content-type': 'application/json' }, contentType: 'application/json', body: [] } }
 */
export function buildExchange({ request, response }: ExchangeParts): Exchange {
  const requestHeaders = headerRecord(request.headers)
  const requestType = firstHeader(requestHeaders, 'content-type')
  const cookies = request.cookies ?? parseCookieHeader(firstHeader(requestHeaders, 'cookie'))
  const requestBody = sentBody(request.body, requestType)
  const responseHeaders = headerRecord(response.headers)
  const responseType = firstHeader(responseHeaders, 'content-type')
  const responseBody = decodeBody(response.body, responseType)
  return {
    request: {
      method: request.method.toUpperCase(),
      path: request.path,
      headers: requestHeaders,
      ...(cookies === undefined ? {} : { cookies }),
      ...(requestType === undefined ? {} : { contentType: requestType }),
      ...(requestBody === undefined ? {} : { body: requestBody }),
    },
    response: {
      status: response.status,
      headers: responseHeaders,
      ...(responseType === undefined ? {} : { contentType: responseType }),
      ...(responseBody === undefined ? {} : { body: responseBody }),
    },
  }
}

/** A request body as the validator reads it: text or bytes decoded, a parsed value as it is. */
function sentBody(body: unknown, contentType: string | undefined): unknown {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || types.isUint8Array(body)) return decodeBody(body, contentType)
  // A stream cannot be read again after it was sent or consumed.
  if (isObject(body) && typeof body.pipe === 'function') return undefined
  return body
}
