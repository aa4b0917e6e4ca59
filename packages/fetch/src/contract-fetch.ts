import { readFetchExchange } from '@contracttool/exchange'
import { ContractToolError } from '@contracttool/kernel'
import { EXCHANGE } from '@contracttool/validator/internal'
import { FetchErrorCode } from './errors.js'
import {
  baseUrlFor,
  buildRequest,
  type FetchTarget,
  type FetchTargetOptions,
  toSender,
} from './internal/call-target.js'

/** A fetch whose Responses carry the Request they answer, so contract matchers can check them. */
export type ContractFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/**
 * Wraps `fetch`, a fetch handler or a Hono app so every Response it returns carries its Request (method,
 * path, headers, body) under the `EXCHANGE` symbol. `expect(res).toMatchOpenApiSchema()` reads it; the
 * bodies are read from clones, so your own `res.json()` still works.
 *
 * @example
 * const api = contractFetch(app) // a Hono app, app.request, or fetch with { baseUrl }
 * const res = await api('/pets?limit=2')
 * expect(res.status).toBe(200)
 * expect(res).toMatchOpenApiSchema()
 */
export function contractFetch(target: FetchTarget, options: FetchTargetOptions = {}): ContractFetch {
  const send = toSender(target, 'contractFetch')
  const base = baseUrlFor(target, options)
  return async (input, init) => {
    if (input instanceof Request && input.bodyUsed) {
      throw bodyConsumed('request', `${input.method} ${new URL(input.url).pathname}`)
    }
    const request = buildRequest(input, init, base, 'contractFetch')
    const requestText = request.body === null ? undefined : await request.clone().text()
    const response = await send(request)
    if (response.bodyUsed)
      throw bodyConsumed('response', `${request.method} ${new URL(request.url).pathname}`)
    const responseText = await response.clone().text()
    Object.defineProperty(response, EXCHANGE, {
      value: readFetchExchange(request, requestText, response, responseText),
      enumerable: false,
      configurable: true,
    })
    return response
  }
}

function bodyConsumed(side: 'request' | 'response', what: string): ContractToolError {
  return new ContractToolError(
    FetchErrorCode.BodyConsumed,
    side === 'request'
      ? `contractFetch(): the body of the ${what} request was already read, so it can be neither sent nor checked. ` +
          'Pass a fresh Request (or the body in init), and read request bodies only after sending them.'
      : `contractFetch(): the handler returned a Response for ${what} whose body was already read, so it cannot be ` +
          'checked. Return a fresh Response (for example new Response(JSON.stringify(data), init)) instead of one you consumed.',
  )
}
