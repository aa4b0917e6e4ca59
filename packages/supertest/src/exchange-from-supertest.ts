import { ContractToolError } from '@contracttool/spec-loader'
import type { Exchange, RequestInput, ResponseInput } from '@contracttool/validator'
import { decodeBody } from '@contracttool/validator'
import { SupertestErrorCode } from './errors.js'

type Loose = Record<PropertyKey, unknown>
type HeaderRecord = Record<string, string | string[]>

/**
 * Reads a supertest / superagent response into the neutral exchange the validator checks: method and path
 * from `res.req` (the request it answers, query included), request headers and JSON body from the request
 * superagent sent, status, headers and body (decoded JSON, or the text) from the response.
 *
 * @example
 * const res = await request(app).post('/pets').send({ name: 'Tom' })
 * const { request: req, response } = exchangeFromSupertest(res)
 * const result = validateResponse(spec, { ...response, method: req.method, path: req.path })
 */
export function exchangeFromSupertest(res: unknown): Exchange {
  if (typeof res !== 'object' || res === null || typeof (res as Loose).status !== 'number') {
    throw new ContractToolError(
      SupertestErrorCode.NotAResponse,
      `exchangeFromSupertest() expects the response of a supertest or superagent request (await request(app).get('/pets')), got ${
        res === null ? 'null' : typeof res
      }${typeof res === 'object' && res !== null ? ` without a numeric status` : ''}.`,
    )
  }
  const v = res as Loose
  const req = v.req as Loose | undefined
  if (
    typeof req !== 'object' ||
    req === null ||
    typeof req.method !== 'string' ||
    typeof req.path !== 'string'
  ) {
    throw new ContractToolError(
      SupertestErrorCode.RequestNotRecoverable,
      `exchangeFromSupertest() received a response with status ${String(v.status)} but without the request it answers ` +
        '(no `req` with `method` and `path`). Pass the response object supertest returned, not a copy of its fields.',
    )
  }
  const requestHeaders = typeof req.getHeaders === 'function' ? toRecord(req.getHeaders()) : {}
  const requestType = first(requestHeaders['content-type'])
  const agent = typeof v.request === 'object' && v.request !== null ? (v.request as Loose) : undefined
  const cookies = parseCookies(first(requestHeaders.cookie))
  const requestBody = sentBody(agent?._data, requestType)
  const responseHeaders = toRecord(v.headers)
  const responseType = first(responseHeaders['content-type'])
  const responseBody = receivedBody(v, responseType)
  const request: RequestInput = {
    method: req.method.toUpperCase(),
    path: req.path,
    headers: requestHeaders,
    ...(cookies === undefined ? {} : { cookies }),
    ...(requestType === undefined ? {} : { contentType: requestType }),
    ...(requestBody === undefined ? {} : { body: requestBody }),
  }
  const response: Omit<ResponseInput, 'method' | 'path'> = {
    status: v.status as number,
    headers: responseHeaders,
    ...(responseType === undefined ? {} : { contentType: responseType }),
    ...(responseBody === undefined ? {} : { body: responseBody }),
  }
  return { request, response }
}

function receivedBody(v: Loose, contentType: string | undefined): unknown {
  // superagent keeps the raw text beside its parsed `body`; decoding the text keeps `null` vs absent and
  // `[]` vs `{}` exact. Binary responses have no text, only a Buffer body.
  if (typeof v.text === 'string') return decodeBody(v.text, contentType)
  if (v.body instanceof Uint8Array) return decodeBody(v.body, contentType)
  return undefined
}

function sentBody(data: unknown, contentType: string | undefined): unknown {
  if (data === undefined || data === null) return undefined
  if (typeof data === 'string' || data instanceof Uint8Array) return decodeBody(data, contentType)
  return data
}

function toRecord(raw: unknown): HeaderRecord {
  const out: HeaderRecord = {}
  if (typeof raw !== 'object' || raw === null) return out
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return out
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function parseCookies(header: string | undefined): Record<string, string> | undefined {
  if (header === undefined || header === '') return undefined
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
