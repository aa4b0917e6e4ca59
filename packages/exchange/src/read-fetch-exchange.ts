import type { Exchange } from '@contracttool/validator'
import { buildExchange } from './build-exchange.js'

/**
 * The exchange of a WHATWG `Request` and the `Response` it got, given the text of their bodies (read from
 * clones, so the caller's own reads still work): the path is the URL's path and query.
 *
 * @example
 * const exchange = readFetchExchange(request, undefined, response, await response.clone().text())
 */
export function readFetchExchange(
  request: Request,
  requestText: string | undefined,
  response: Response,
  responseText: string,
): Exchange {
  const url = new URL(request.url)
  return buildExchange({
    request: {
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      body: requestText,
    },
    response: { status: response.status, headers: response.headers, body: responseText },
  })
}
