import type { ContractRunOptions } from '@contracttool/harness'
import { bindingError } from '@contracttool/harness/internal'
import type {
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
  TestType,
} from '@playwright/test'
import { checkedRequestContext } from './checked-request-context.js'
import { loadPlaywrightTest } from './internal/load-playwright-test.js'
import { watchPageTraffic } from './internal/page-traffic.js'
import { PLAYWRIGHT_WORDS } from './internal/playwright-words.js'
import {
  OBSERVATIONS_ATTACHMENT,
  OPTIONS_FIXTURE,
  playwrightState,
  type RunningTest,
  STARTED_ATTACHMENT,
} from './internal/state.js'
import { withUserFrames } from './internal/user-frames.js'
import { startWorkerRun, type WorkerRun } from './internal/worker-run.js'

/** The options `test.use()` (or a project's `use`) sets for contract testing. */
export interface ContractTestOptions {
  /** The spec the tests' checks use unless a matcher names one (`{ spec }`); default `defaultSpec`. */
  readonly openApiSpec: string | undefined
  /**
   * Check every fetch/XHR response the `page` receives from the API, and record it for coverage; one a service
   * worker served (an MSW `setupWorker()` mock) is checked too, and recorded as mock coverage.
   */
  readonly validatePageTraffic: boolean
}

interface ContractFixtures {
  readonly _contractRecording: RunningTest
}

interface ContractWorkerFixtures {
  readonly _contractTesting: ContractRunOptions | undefined
  readonly _contractRun: WorkerRun
}

/** `test` of `@contracttool/playwright`: Playwright's, with its fixtures and options extended. */
export type ContractTestType = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & ContractTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>

const { test: base } = loadPlaywrightTest()

/**
 * Playwright's `test`, with contract testing: the `request` fixture (and `page.request`, `context.request`)
 * remembers how each request was sent, so `await expect(response).toMatchOpenApiSchema()` can check it;
 * `openApiSpec` binds a spec to a file, a `describe` or a project; `validatePageTraffic` checks the API calls
 * the `page` makes. What each test checks travels to the reporter `withContractTesting()` adds.
 *
 * @example
 * import { expect, test } from '@contracttool/playwright'
 *
 * test.use({ openApiSpec: 'petstore' })
 *
 * test('lists pets', async ({ request }) => {
 *   await expect(await request.get('/pets')).toMatchOpenApiSchema()
 * })
 */
export const test: ContractTestType = base.extend<
  ContractTestOptions & ContractFixtures,
  ContractWorkerFixtures
>({
  [OPTIONS_FIXTURE]: [undefined, { scope: 'worker', option: true }],
  _contractRun: [
    // Playwright reads a fixture's dependencies from its parameter's source: the key is spelled out.
    async ({ _contractTesting }, use, workerInfo) => {
      const run = await startWorkerRun(_contractTesting, workerInfo.config).catch((error: unknown) => {
        throw withUserFrames(error)
      })
      await use(run)
    },
    // Boxed: the binding's own fixtures stay out of the steps of the user's reports.
    { scope: 'worker', box: true },
  ],
  openApiSpec: [undefined, { option: true }],
  validatePageTraffic: [false, { option: true }],
  _contractRecording: [
    async ({ _contractRun: run, openApiSpec }, use, testInfo) => {
      let spec: string | undefined
      try {
        spec = checkBinding(openApiSpec, run)
      } catch (error) {
        throw withUserFrames(error)
      }
      // Pushed rather than `testInfo.attach()`ed: Playwright sends it to the runner just the same, without an
      // "Attach" step in every test's report (and without the output folder `attach()` creates).
      testInfo.attachments.push({
        name: STARTED_ATTACHMENT,
        contentType: 'text/plain',
        body: Buffer.from(testInfo.testId),
      })
      const running: RunningTest = { spec, context: run.context, failures: [] }
      const state = playwrightState()
      state.running = running
      try {
        await use(running)
      } finally {
        try {
          // Checks still running when the test ended (MSW's mocked responses) queue their failures first; a
          // failed test ends too, so what adapters recorded in it is not carried into the next one.
          await run.endTest()
        } finally {
          state.running = undefined
          const envelope = run.recorder.takeEnvelope()
          testInfo.attachments.push({
            name: OBSERVATIONS_ATTACHMENT,
            contentType: 'application/json',
            body: Buffer.from(JSON.stringify(envelope ?? null)),
          })
        }
      }
      const [failure] = running.failures
      if (failure !== undefined) throw failure
    },
    { auto: true, box: true },
  ],
  request: [
    async ({ request, extraHTTPHeaders }, use) => {
      await use(checkedRequestContext(request, extraHTTPHeaders ?? {}))
    },
    { scope: 'test', box: true },
  ],
  context: [
    async ({ context, extraHTTPHeaders }, use) => {
      // A page takes its context's `request` when it is created: pages opened from here get the checked one.
      ;(context as { request: unknown }).request = checkedRequestContext(
        context.request,
        extraHTTPHeaders ?? {},
      )
      await use(context)
    },
    { scope: 'test', box: true },
  ],
  page: [
    async ({ page, validatePageTraffic, baseURL, _contractRecording: running }, use) => {
      if (!validatePageTraffic) return use(page)
      const traffic = watchPageTraffic(page, running.context, baseURL)
      await use(page)
      const problems = await traffic.finish()
      if (problems.length > 0) throw new Error(problems.join('\n\n'))
    },
    { scope: 'test', box: true },
  ],
}) as unknown as ContractTestType

/** The spec `openApiSpec` names, checked against the run's specs (undefined: none bound). */
function checkBinding(name: unknown, run: WorkerRun): string | undefined {
  if (name === undefined) return undefined
  if (typeof name !== 'string' || name.trim() === '') {
    throw bindingError(PLAYWRIGHT_WORDS, { kind: 'empty-name', got: name })
  }
  try {
    return run.context.resolveSpec(name.trim(), undefined, 'openApiSpec').name
  } catch (error) {
    throw bindingError(PLAYWRIGHT_WORDS, { kind: 'rejected', name, cause: error as Error })
  }
}
