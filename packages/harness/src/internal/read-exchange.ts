import { decodeBody, EXCHANGE, type Exchange, type RequestInput } from '@contracttool/validator'
import { ContractRunError, HarnessErrorCode } from '../errors.js'
import { describeValue } from './describe-value.js'

type HeaderRecord = Record<string, string | readonly string[] | undefined>
type Loose = Record<PropertyKey, unknown>

const ACCEPTED =
  'Pass a supertest/superagent response, a fastify inject() response, a Response returned by contractFetch() ' +
  'from @contracttool/fetch, or an exchange { request: { method, path }, response: { status, headers, body } }.'

/**
 * Reads the request/response pair out of whatever a test holds. The method and path always come from the
 * request the response answers, never from the user.
 */
export function readExchange(value: unknown, matcherName: string): Exchange {
  if (typeof value !== 'object' || value === null) {
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() received ${describeValue(value)}, which is not a response. ${ACCEPTED}`,
    )
  }
  const v = value as Loose
  if (typeof v.then === 'function') {
    // An un-awaited supertest `Test` or fetch promise: the response does not exist yet.
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() received ${describeValue(value)}, a pending request or promise, not its response: did you forget await? ` +
        'Pass the response the awaited call returned: `const res = await request(app).get(...)`.',
    )
  }
  const attached = v[EXCHANGE]
  if (attached !== undefined)
    return checkedExchange(attached, matcherName, 'the exchange attached by an adapter')
  if (isPlainExchange(v)) return checkedExchange(v, matcherName, 'the exchange object')
  if (isFetchResponse(value)) {
    throw new ContractRunError(
      HarnessErrorCode.FetchResponseWithoutExchange,
      `${matcherName}() received a fetch Response, which does not carry the request it answers (method and path). ` +
        'Send requests through contractFetch(fetch) from @contracttool/fetch: its Responses carry their Request, ' +
        'and the body is read from a clone so your own reads still work.',
    )
  }
  if (
    isObject(v.raw) &&
    isObject((v.raw as Loose).req) &&
    typeof v.statusCode === 'number' &&
    'payload' in v
  ) {
    return readInjectResponse(v)
  }
  if (typeof v.status === 'number' && ('text' in v || 'body' in v))
    return readSuperagentResponse(v, matcherName)
  throw new ContractRunError(
    HarnessErrorCode.NotAResponse,
    `${matcherName}() received ${describeValue(value)}, which is not a response. ${ACCEPTED}`,
  )
}

/**
 * A WHATWG `Response`. Tested by its tag first: reading the global `Response` makes Node load its fetch
 * implementation, which would cost every test file that checks supertest or inject responses.
 */
function isFetchResponse(value: object): boolean {
  return (
    Object.prototype.toString.call(value) === '[object Response]' &&
    typeof Response !== 'undefined' &&
    value instanceof Response
  )
}

/** `{ request, response? }`: what a test writes by hand (frameworks' responses carry `req` / `status` instead). */
function isPlainExchange(v: Loose): boolean {
  return isObject(v.request) && !('req' in v) && !('statusCode' in v) && typeof v.status !== 'number'
}

function checkedExchange(raw: unknown, matcherName: string, what: string): Exchange {
  const problem = exchangeProblem(raw)
  if (problem !== undefined) {
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() cannot read ${what}: ${problem}. ${ACCEPTED}`,
    )
  }
  return raw as Exchange
}

function exchangeProblem(raw: unknown): string | undefined {
  if (!isObject(raw)) return `expected an object, got ${describeValue(raw)}`
  const request = (raw as Loose).request
  if (!isObject(request)) return '`request` must be an object with `method` and `path`'
  const { method, path } = request as Loose
  if (typeof method !== 'string' || method === '')
    return `request.method must be a non-empty string, got ${describeValue(method)}`
  if (typeof path !== 'string' || !path.startsWith('/')) {
    return `request.path must be a string starting with '/', got ${describeValue(path)}`
  }
  const response = (raw as Loose).response
  if (response === undefined) return undefined
  if (!isObject(response)) return `response must be an object, got ${describeValue(response)}`
  const status = (response as Loose).status
  if (typeof status !== 'number' || !Number.isInteger(status)) {
    return `response.status must be an integer, got ${describeValue(status)}`
  }
  return undefined
}

/** supertest / superagent: `res.req` is the Node ClientRequest, `res.request` the superagent Request. */
function readSuperagentResponse(v: Loose, matcherName: string): Exchange {
  const req = v.req
  if (
    !isObject(req) ||
    typeof (req as Loose).method !== 'string' ||
    typeof (req as Loose).path !== 'string'
  ) {
    throw new ContractRunError(
      HarnessErrorCode.RequestNotRecoverable,
      `${matcherName}() received a response with status ${String(v.status)} but without the request it answers ` +
        '(no `req` with `method` and `path`), so the operation cannot be looked up. Pass the response object ' +
        'supertest/superagent returned (not a copy such as { status, body }), or pass an exchange ' +
        '{ request: { method, path }, response: { status, headers, body } }.',
    )
  }
  const client = req as Loose
  const requestHeaders = typeof client.getHeaders === 'function' ? headerRecord(client.getHeaders()) : {}
  const agent = isObject(v.request) ? (v.request as Loose) : undefined
  const responseHeaders = headerRecord(v.headers)
  const contentType = firstHeader(responseHeaders, 'content-type')
  return {
    request: withoutUndefined({
      method: (client.method as string).toUpperCase(),
      path: client.path as string,
      headers: requestHeaders,
      cookies: parseCookieHeader(firstHeader(requestHeaders, 'cookie')),
      contentType: firstHeader(requestHeaders, 'content-type'),
      body: requestBody(agent?._data, firstHeader(requestHeaders, 'content-type')),
    }) as RequestInput,
    response: withoutUndefined({
      status: v.status as number,
      headers: responseHeaders,
      contentType,
      body: superagentBody(v, contentType),
    }) as Exchange['response'] & object,
  }
}

function superagentBody(v: Loose, contentType: string | undefined): unknown {
  // superagent parses JSON into `body` and keeps the raw text in `text`; decoding the text ourselves gives the
  // same value for JSON and keeps `null` vs absent and `[]` vs `{}` exact for everything else.
  if (typeof v.text === 'string') return decodeBody(v.text, contentType)
  if (v.body instanceof Uint8Array) return decodeBody(v.body, contentType)
  return undefined
}

/** light-my-request (fastify `inject`): `res.raw.req` is the simulated IncomingMessage. */
function readInjectResponse(v: Loose): Exchange {
  const req = (v.raw as Loose).req as Loose
  const requestHeaders = headerRecord(req.headers)
  const requestContentType = firstHeader(requestHeaders, 'content-type')
  const simulated = isObject(req._lightMyRequest) ? (req._lightMyRequest as Loose) : undefined
  const responseHeaders = headerRecord(v.headers)
  const contentType = firstHeader(responseHeaders, 'content-type')
  return {
    request: withoutUndefined({
      method: String(req.method).toUpperCase(),
      path: String(req.url),
      headers: requestHeaders,
      cookies: parseCookieHeader(firstHeader(requestHeaders, 'cookie')),
      contentType: requestContentType,
      body: requestBody(simulated?.payload, requestContentType),
    }) as RequestInput,
    response: withoutUndefined({
      status: v.statusCode as number,
      headers: responseHeaders,
      contentType,
      body: decodeBody(typeof v.payload === 'string' ? v.payload : undefined, contentType),
    }) as Exchange['response'] & object,
  }
}

function requestBody(data: unknown, contentType: string | undefined): unknown {
  if (data === undefined || data === null) return undefined
  if (typeof data === 'string' || data instanceof Uint8Array) return decodeBody(data, contentType)
  // Streams cannot be re-read after the fact; anything else is the value the client serialised.
  if (isObject(data) && typeof (data as Loose).pipe === 'function') return undefined
  return data
}

export function headerRecord(raw: unknown): HeaderRecord {
  const out: HeaderRecord = {}
  if (!isObject(raw)) return out
  for (const [name, value] of Object.entries(raw as Loose)) {
    if (value === undefined || value === null) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return out
}

export function firstHeader(headers: HeaderRecord, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : (value as string | undefined)
}

export function parseCookieHeader(header: string | undefined): Record<string, string> | undefined {
  if (header === undefined || header === '') return undefined
  const cookies: Record<string, string> = {}
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    const name = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    try {
      cookies[name] = decodeURIComponent(value)
    } catch {
      cookies[name] = value
    }
  }
  return cookies
}

function withoutUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key]
  return value
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
