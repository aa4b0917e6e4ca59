import { types } from 'node:util'
import { isObject } from '@contracttool/kernel'
import type { Exchange } from '@contracttool/validator'
import { buildExchange } from './build-exchange.js'

type Loose = Readonly<Record<PropertyKey, unknown>>

/** A supertest / superagent response, as far as it is read. */
export type SuperagentResponse = { readonly status: number } & Loose

/**
 * The exchange of a supertest / superagent response: method and path from `res.req` (the Node
 * `ClientRequest` it answers, query included), request headers from it, the request body from the
 * superagent request (`res.request`), status, headers and body (its text, or its bytes) from the response.
 * `undefined` when the response does not carry the request it answers (a copy such as `{ status, body }`).
 *
 * @example
 * const exchange = readSuperagentResponse(await request(app).get('/pets'))
 */
export function readSuperagentResponse(res: SuperagentResponse): Exchange | undefined {
  if (!isObject(res.req)) return undefined
  const req = res.req as Loose
  if (typeof req.method !== 'string' || typeof req.path !== 'string') return undefined
  const agent = isObject(res.request) ? (res.request as Loose) : undefined
  return buildExchange({
    request: {
      method: req.method,
      path: req.path,
      headers: typeof req.getHeaders === 'function' ? req.getHeaders() : {},
      body: agent?._data,
    },
    response: {
      status: res.status,
      headers: res.headers,
      // superagent parses JSON into `body` and keeps the raw text in `text`; decoding the text keeps `null`
      // vs absent and `[]` vs `{}` exact. Binary responses have no text, only a Buffer body.
      body: typeof res.text === 'string' ? res.text : types.isUint8Array(res.body) ? res.body : undefined,
    },
  })
}
