import { buildExchange } from '@contracttool/exchange'
import type { Exchange } from '@contracttool/validator'
import { ContractPlaywrightError, PlaywrightErrorCode } from '../errors.js'
import { playwrightState } from './state.js'

/** What an `APIResponse` and a page's `Response` both have. */
interface PlaywrightResponse {
  url(): string
  status(): number
  headers(): Record<string, string>
  body(): Promise<Buffer>
}

/** A page's `Response`: it knows its request. */
interface PageResponse extends PlaywrightResponse {
  request(): {
    method(): string
    allHeaders(): Promise<Record<string, string>>
    postDataBuffer(): Buffer | null
  }
}

/** Tells Playwright's responses apart from anything else a matcher may be handed. */
export function isPlaywrightResponse(value: unknown): value is PlaywrightResponse {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return ['url', 'status', 'headers', 'body', 'headersArray'].every((name) => typeof v[name] === 'function')
}

/**
 * The exchange of a Playwright response: an `APIResponse` from a checked request context (the request it
 * answers as that context sent it), or a page's `Response` (which knows its request). The body is read here,
 * so the matchers are asynchronous.
 */
export async function readPlaywrightResponse(
  response: PlaywrightResponse,
  matcherName: string,
): Promise<Exchange> {
  const url = new URL(response.url())
  const path = `${url.pathname}${url.search}`
  const request = await sentRequest(response, matcherName, url)
  let body: Buffer
  try {
    body = await response.body()
  } catch (error) {
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.UnknownApiResponse,
      `${matcherName}() cannot read the body of ${request.method} ${url.href} (${firstLine(error)}). ` +
        'Check the response before disposing of its request context.',
      { cause: error },
    )
  }
  return buildExchange({
    request: { method: request.method, path, headers: request.headers, body: request.body },
    response: { status: response.status(), headers: response.headers(), body },
  })
}

async function sentRequest(response: PlaywrightResponse, matcherName: string, url: URL) {
  if (typeof (response as Partial<PageResponse>).request === 'function') {
    const request = (response as PageResponse).request()
    return {
      method: request.method(),
      headers: await request.allHeaders(),
      body: request.postDataBuffer() ?? undefined,
    }
  }
  const sent = playwrightState().requests.get(response)
  if (sent !== undefined) return sent
  throw new ContractPlaywrightError(
    PlaywrightErrorCode.UnknownApiResponse,
    `${matcherName}() received an APIResponse (${response.status()} from ${url.href}) that no checked request context sent, so the method of its request is unknown. ` +
      'Send the request through the request fixture of test from @contracttool/playwright (page.request and context.request are checked too), ' +
      'or wrap a context you created: checkedRequestContext(await playwright.request.newContext()).',
  )
}

/** An error's first line, as Playwright's own messages carry a call log after it. */
export function firstLine(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\n')[0] ?? ''
}
