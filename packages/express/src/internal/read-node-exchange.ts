import type { IncomingMessage, ServerResponse } from 'node:http'
import { parsedRequestBody, requestCarriesBody } from '@contracttool/server-check'
import type { Exchange } from '@contracttool/validator'
import { decodeBody } from '@contracttool/validator'

type HeaderRecord = Record<string, string | string[]>

/** An Express request as far as the middleware reads it (Express 4 and 5). */
export interface ExpressLikeRequest extends IncomingMessage {
  readonly originalUrl?: string
  readonly body?: unknown
  readonly cookies?: unknown
}

/** The exchange of one answered request, from the Node request and what the app wrote. */
export function readNodeExchange(req: ExpressLikeRequest, res: ServerResponse, written: Buffer): Exchange {
  const requestHeaders = toRecord(req.headers)
  const requestType = first(requestHeaders['content-type'])
  const cookies = isStringRecord(req.cookies) ? req.cookies : parseCookies(first(requestHeaders.cookie))
  const requestBody = requestCarriesBody(requestHeaders)
    ? parsedRequestBody(req.body, requestType)
    : undefined
  const responseHeaders = toRecord(res.getHeaders())
  const responseType = first(responseHeaders['content-type'])
  const responseBody = req.method === 'HEAD' ? undefined : decodeBody(written.toString('utf8'), responseType)
  return {
    request: {
      method: (req.method ?? 'GET').toUpperCase(),
      path: req.originalUrl ?? req.url ?? '/',
      headers: requestHeaders,
      ...(cookies === undefined ? {} : { cookies }),
      ...(requestType === undefined ? {} : { contentType: requestType }),
      ...(requestBody === undefined ? {} : { body: requestBody }),
    },
    response: {
      status: res.statusCode,
      headers: responseHeaders,
      ...(responseType === undefined ? {} : { contentType: responseType }),
      ...(responseBody === undefined ? {} : { body: responseBody }),
    },
  }
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

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((item) => typeof item === 'string')
  )
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
