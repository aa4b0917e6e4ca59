import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Exchange } from '@contracttool/validator'
import { buildExchange } from './build-exchange.js'
import { requestCarriesBody } from './request-carries-body.js'

/** A Node request as a server framework extends it (Express 4 and 5: `originalUrl`, a parsed `body`, `cookies`). */
export interface NodeServerRequest extends IncomingMessage {
  readonly originalUrl?: string
  readonly body?: unknown
  readonly cookies?: unknown
}

/**
 * The exchange of one request a Node server answered, from the request, the response and the bytes the
 * app wrote: the parsed body only when the request carried one (`requestCarriesBody()`), cookies a
 * middleware parsed (`cookie-parser`) or else the `Cookie` header, no response body for `HEAD`.
 *
 * @example
 * const exchange = readNodeExchange(req, res, Buffer.concat(chunks))
 */
export function readNodeExchange(req: NodeServerRequest, res: ServerResponse, written: Buffer): Exchange {
  return buildExchange({
    request: {
      method: req.method ?? 'GET',
      path: req.originalUrl ?? req.url ?? '/',
      headers: req.headers,
      cookies: isStringRecord(req.cookies) ? req.cookies : undefined,
      body: requestCarriesBody(req.headers) ? req.body : undefined,
    },
    response: {
      status: res.statusCode,
      headers: res.getHeaders(),
      body: req.method === 'HEAD' ? undefined : written.toString('utf8'),
    },
  })
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((item) => typeof item === 'string')
  )
}
