import { type CheckContext, currentRunRuntime } from '@contracttool/exchange/internal'
import { checkResponse, describeViolations, mockCheckContext } from '@contracttool/harness/checks'
import type { Page, Response } from '@playwright/test'
import { firstLine, readPlaywrightResponse } from './read-playwright-response.js'

/** The resource types of the calls a page's scripts make (`fetch()`, `XMLHttpRequest`). */
const API_CALLS = new Set(['fetch', 'xhr'])

const CHECK_NAME = 'validatePageTraffic'

/**
 * Watches the API calls a page makes: each fetch/XHR response from one of `apiBases` (the spec's servers and
 * the config's `baseURL`) is read, checked and recorded as it arrives. A response a service worker served (an
 * MSW `setupWorker()` mock) is checked the same way but recorded as mock coverage, as `@contracttool/msw`
 * records `setupServer()` mocks. `finish()` waits for the last ones and returns the failures, each naming the
 * call (method and URL).
 */
export function watchPageTraffic(page: Page, context: CheckContext, baseURL: string | undefined) {
  const pending: Promise<string | undefined>[] = []
  const onResponse = (response: Response) => {
    const request = response.request()
    if (!API_CALLS.has(request.resourceType())) return
    pending.push(checkPageResponse(response, context, baseURL))
  }
  page.on('response', onResponse)
  return {
    async finish(): Promise<string[]> {
      page.off('response', onResponse)
      const found = await Promise.all(pending)
      return found.filter((problem) => problem !== undefined)
    },
  }
}

async function checkPageResponse(
  response: Response,
  context: CheckContext,
  baseURL: string | undefined,
): Promise<string | undefined> {
  const call = `${response.request().method()} ${response.url()}`
  const mocked = response.fromServiceWorker()
  try {
    const spec = context.resolveSpec(undefined, undefined, CHECK_NAME)
    if (!isApiUrl(response.url(), apiBases(spec.document, baseURL))) return undefined
    const exchange = await readPlaywrightResponse(response, CHECK_NAME)
    const outcome = checkResponse(
      exchange,
      { spec },
      CHECK_NAME,
      mocked ? mockCheckContext(context, currentRunRuntime()) : context,
      undefined,
    )
    if (!outcome.failed) return undefined
    // A mock's violation reads as `checkMocks()` (@contracttool/msw) words it, the service worker in MSW's place.
    return mocked
      ? `validatePageTraffic: a mocked response does not match spec '${outcome.specName}' (service worker, ${call} → ${response.status()}):\n${describeViolations(outcome)}`
      : `validatePageTraffic: the page's call ${call} broke the contract:\n${describeViolations(outcome)}`
  } catch (error) {
    const what = mocked ? "the service worker's answer to" : "the page's call"
    return `validatePageTraffic: ${what} ${call} could not be checked: ${firstLine(error)}`
  }
}

/** Where the API lives: the absolute URLs of the spec's `servers`, and the config's `baseURL`. */
function apiBases(document: unknown, baseURL: string | undefined): string[] {
  const bases: string[] = []
  const servers = (document as { servers?: unknown }).servers
  if (Array.isArray(servers)) {
    for (const server of servers) {
      const url = (server as { url?: unknown } | null)?.url
      if (typeof url === 'string' && /^https?:\/\//.test(url)) bases.push(url)
    }
  }
  if (baseURL !== undefined) bases.push(baseURL)
  return bases
}

/** A URL under one of the bases: same origin, and a path inside the base's path. */
function isApiUrl(raw: string, bases: readonly string[]): boolean {
  const url = new URL(raw)
  return bases.some((base) => {
    const parsed = new URL(base)
    const prefix = parsed.pathname.replace(/\/+$/, '')
    return (
      parsed.origin === url.origin &&
      (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
    )
  })
}
