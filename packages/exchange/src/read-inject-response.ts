import { isObject } from '@contracttool/kernel'
import type { Exchange } from '@contracttool/validator'
import { buildExchange } from './build-exchange.js'

type Loose = Readonly<Record<PropertyKey, unknown>>

/** A fastify `inject()` response (light-my-request), as far as it is read. */
export type InjectResponse = {
  readonly raw: { readonly req: Loose }
  readonly statusCode: number
  readonly payload: unknown
} & Loose

/**
 * Whether a value is a fastify `inject()` response: light-my-request keeps the simulated
 * `IncomingMessage` as `res.raw.req` and the body as `res.payload`.
 *
 * @example
 * isInjectResponse(await app.inject({ method: 'GET', url: '/pets' })) // true
 */
export function isInjectResponse(value: unknown): value is InjectResponse {
  if (!isObject(value)) return false
  const v = value as Loose
  return (
    isObject(v.raw) && isObject((v.raw as Loose).req) && typeof v.statusCode === 'number' && 'payload' in v
  )
}

/**
 * The exchange of a fastify `inject()` response: method, path, headers and payload of the simulated
 * request, status, headers and payload of the response.
 *
 * @example
 * const exchange = readInjectResponse(await app.inject({ method: 'GET', url: '/pets' }))
 */
export function readInjectResponse(res: InjectResponse): Exchange {
  const req = res.raw.req
  const simulated = isObject(req._lightMyRequest) ? (req._lightMyRequest as Loose) : undefined
  return buildExchange({
    request: {
      method: String(req.method),
      path: String(req.url),
      headers: req.headers,
      body: simulated?.payload,
    },
    response: {
      status: res.statusCode,
      headers: res.headers,
      body: typeof res.payload === 'string' ? res.payload : undefined,
    },
  })
}
