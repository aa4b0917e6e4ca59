import type { CheckContext } from '@contracttool/exchange/internal'
import type { OpenApiCheckOptions } from '@contracttool/harness'
import {
  type CheckOutcome,
  checkRequest,
  checkResponse,
  detachedContext,
  type MatcherContext,
  matcherResult,
} from '@contracttool/harness/checks'
import { bindingError } from '@contracttool/harness/internal'
import type { Expect } from '@playwright/test'
import { loadPlaywrightTest } from './internal/load-playwright-test.js'
import { PLAYWRIGHT_TEST_WORDS } from './internal/playwright-words.js'
import { isPlaywrightResponse, readPlaywrightResponse } from './internal/read-playwright-response.js'
import { playwrightState } from './internal/state.js'
import { withUserFrames } from './internal/user-frames.js'

/** Outside a test of `test` from this package, a check must be handed a loaded spec. */
const DETACHED: CheckContext = detachedContext((spec, checkName) =>
  bindingError(PLAYWRIGHT_TEST_WORDS, { kind: 'check-unregistered', checkName, spec }),
)

/** The contract matchers `expect` of this package adds to Playwright's (asynchronous: `await` them). */
export interface ContractMatchers<R> {
  /**
   * Checks a response (an `APIResponse` of the `request` fixture, `page.request` or `context.request`, a page's
   * `Response`, or anything the other runners' matchers take) against the operation its request matched, and
   * records it for coverage.
   */
  toMatchOpenApiSchema(options?: OpenApiCheckOptions): Promise<R>
  /** Checks the request a response answers against its operation, and records it for coverage. */
  toMatchOpenApiRequest(options?: Pick<OpenApiCheckOptions, 'spec'>): Promise<R>
}

declare global {
  // Playwright's `expect` reads the matchers of every value from this interface.
  namespace PlaywrightTest {
    interface Matchers<R, T = unknown> extends ContractMatchers<R> {}
  }
}

async function runMatcher(
  state: MatcherContext,
  name: 'toMatchOpenApiSchema' | 'toMatchOpenApiRequest',
  received: unknown,
  options: unknown,
) {
  try {
    const subject = isPlaywrightResponse(received) ? await readPlaywrightResponse(received, name) : received
    const context = playwrightState().running?.context ?? DETACHED
    const outcome: CheckOutcome =
      name === 'toMatchOpenApiSchema'
        ? checkResponse(subject, options, name, context, undefined)
        : checkRequest(subject, options, name, context, undefined)
    return { ...matcherResult(state, name, outcome), name }
  } catch (error) {
    throw withUserFrames(error)
  }
}

/**
 * Playwright's `expect`, with `toMatchOpenApiSchema()` and `toMatchOpenApiRequest()` (asynchronous: `await`
 * them; `.not` works). A failure names the method, path template, status and content type, every violation
 * with its JSON pointer, and the received value, as in every contracttool runner.
 *
 * @example
 * const response = await request.post('/pets', { data: { name: 'Luna', kind: 'cat' } })
 * await expect(response).toMatchOpenApiSchema()
 * await expect(response).toMatchOpenApiRequest()
 */
export const expect: Expect = loadPlaywrightTest().expect.extend({
  async toMatchOpenApiSchema(received: unknown, options?: OpenApiCheckOptions) {
    return runMatcher(this as MatcherContext, 'toMatchOpenApiSchema', received, options)
  },
  async toMatchOpenApiRequest(received: unknown, options?: Pick<OpenApiCheckOptions, 'spec'>) {
    return runMatcher(this as MatcherContext, 'toMatchOpenApiRequest', received, options)
  },
}) as unknown as Expect
