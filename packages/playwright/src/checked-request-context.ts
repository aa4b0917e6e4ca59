import { PLAYWRIGHT_CHECKED_BRAND } from '@contracttool/kernel/internal'
import type { APIRequestContext } from '@playwright/test'
import { playwrightState, type SentRequest } from './internal/state.js'

type Options = Record<string, unknown> | undefined

/** The methods of `APIRequestContext` that send a request, and the method each one sends. */
const SENDERS: Readonly<Record<string, string | undefined>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  head: 'HEAD',
  fetch: undefined,
}

/**
 * The same `APIRequestContext`, remembering for each `APIResponse` it returns the method, headers and body of
 * the request it answers: an `APIResponse` says its URL and status, not how it was asked for.
 *
 * @example
 * const api = checkedRequestContext(await request.newContext({ baseURL }))
 * await expect(await api.get('/pets')).toMatchOpenApiSchema()
 */
export function checkedRequestContext<Context extends APIRequestContext>(
  context: Context,
  extraHeaders: Readonly<Record<string, string>> = {},
): Context {
  if ((context as unknown as Record<symbol, unknown>)[PLAYWRIGHT_CHECKED_BRAND] === true) return context
  const { requests } = playwrightState()
  return new Proxy(context, {
    get(target, key, receiver) {
      if (key === PLAYWRIGHT_CHECKED_BRAND) return true
      const value = Reflect.get(target, key, receiver)
      if (typeof key !== 'string' || !(key in SENDERS) || typeof value !== 'function') return value
      return async (urlOrRequest: unknown, options: Options) => {
        const response = await (value as (...args: unknown[]) => Promise<object>).call(
          target,
          urlOrRequest,
          options,
        )
        requests.set(response, sentRequest(SENDERS[key], urlOrRequest, options, extraHeaders))
        rememberBody(response as { body?: unknown })
        return response
      }
    },
  })
}

/**
 * Makes the response fetch its body once: `json()` and `text()` read it through `body()`, and so does the
 * matcher, each of which would otherwise ask Playwright's driver for it again.
 */
function rememberBody(response: { body?: unknown }): void {
  const body = response.body
  if (typeof body !== 'function') return
  let fetched: Promise<unknown> | undefined
  Object.defineProperty(response, 'body', {
    configurable: true,
    writable: true,
    value: () => {
      fetched ??= (body as () => Promise<unknown>).call(response)
      return fetched
    },
  })
}

/** What Playwright sends for a call's options: the method, the headers given, and the body with its type. */
function sentRequest(
  fixedMethod: string | undefined,
  urlOrRequest: unknown,
  options: Options,
  extraHeaders: Readonly<Record<string, string>>,
): SentRequest {
  // `fetch()` also takes a route's `Request`: its method, headers and body, unless the options override them.
  const from =
    typeof urlOrRequest === 'object' && urlOrRequest !== null ? (urlOrRequest as PageRequest) : undefined
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(extraHeaders)) headers[name.toLowerCase()] = value
  for (const [name, value] of Object.entries(from?.headers() ?? {})) headers[name.toLowerCase()] = value
  const given = options?.headers
  if (typeof given === 'object' && given !== null) {
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = String(value)
  }
  const method = (fixedMethod ?? stringOption(options?.method) ?? from?.method() ?? 'GET').toUpperCase()
  let body: unknown = from?.postDataBuffer() ?? undefined
  const { data, form } = options ?? {}
  if (data !== undefined) {
    body = data
    if (typeof data !== 'string' && !Buffer.isBuffer(data)) headers['content-type'] ??= 'application/json'
  } else if (form !== undefined && typeof form === 'object' && form !== null && !('append' in form)) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded'
    body = new URLSearchParams(Object.entries(form).map(([name, value]) => [name, String(value)])).toString()
  }
  return { method, headers, body }
}

interface PageRequest {
  method(): string
  headers(): Record<string, string>
  postDataBuffer(): Buffer | null
}

function stringOption(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}
