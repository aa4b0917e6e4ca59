import { readFetchExchange } from '@contracttool/exchange'
import { type CheckContext, currentRunRuntime, type RunRuntime } from '@contracttool/exchange/internal'
import {
  checkResponse,
  describeViolations,
  detachedContext,
  diffValues,
  mockCheckContext,
} from '@contracttool/harness/checks'
import { ContractAssertionError } from '@contracttool/harness/internal'
import { describeArgument } from '@contracttool/kernel/internal'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import { MswCheckError, MswErrorCode } from './errors.js'
import { isApiUrl } from './internal/is-api-url.js'

/** Options of `checkMocks()`. */
export interface CheckMocksOptions {
  /**
   * The spec the mocks stand in for. Under a contracttool run: a spec name of the run (default: the spec bound
   * around the running test, else `defaultSpec`). Outside any run: the path of a spec file. Either way, a spec
   * returned by `loadSpec()`.
   */
  readonly spec?: string | LoadedSpec
  /** Also validate each mocked request (default: the run's `validateRequest`, else false). */
  readonly validateRequest?: boolean
  /** Extra status patterns left unchecked, added to the run's (`404`, `'4\\d\\d'`). */
  readonly skipResponseCodes?: readonly (string | number)[]
}

/** The part of an MSW `setupServer()` / `setupWorker()` API the checks use: its life-cycle events. */
export interface MswLifeCycle {
  readonly events: {
    on(event: 'response:mocked', listener: (args: MockedResponseEvent) => void): void
    on(event: 'unhandledException', listener: (args: { readonly requestId: string }) => void): void
    removeListener(event: 'response:mocked', listener: (args: MockedResponseEvent) => void): void
    removeListener(
      event: 'unhandledException',
      listener: (args: { readonly requestId: string }) => void,
    ): void
  }
}

/** What MSW hands a `response:mocked` listener. */
export interface MockedResponseEvent {
  readonly request: Request
  readonly response: Response
  readonly requestId: string
}

/** The checks `checkMocks()` attached; see `assertNoViolations()`. */
export interface MockChecks {
  /**
   * Waits for the checks still running, then throws the violations found since the last call (one error, or
   * an `AggregateError` of several) and forgets them.
   */
  assertNoViolations(): Promise<void>
  /** Waits for the checks still running; the violations not yet asserted. */
  violations(): Promise<readonly Error[]>
  /** Stops checking: removes the listeners from the server or worker. */
  dispose(): void
}

const OPTION_KEYS = ['spec', 'validateRequest', 'skipResponseCodes']
// The timer as the module found it: a test that fakes timers later (vi.useFakeTimers()) still gets its answer.
const { setTimeout: realSetTimeout } = globalThis
const CHECK_NAME = 'checkMocks'

/**
 * Checks every response an MSW handler mocks against the OpenAPI spec of the API it stands for (status,
 * headers, content type, body; the request too with `validateRequest`), read from a clone so the app's own
 * read is untouched. Requests to other origins than the spec's `servers` are left alone; a mocked path the
 * spec does not document is a violation. Violations are kept until `assertNoViolations()`; under a runner
 * binding (Vitest, Jest, node:test, Mocha, Playwright) those still unasserted when a test ends fail that test.
 * Mocked responses count as mock coverage, reported apart from the API's coverage and never toward its gates.
 * The 500 MSW answers for a handler that threw is not checked.
 *
 * @example
 * const server = setupServer(http.get('https://api.example.test/v2/pets', () => HttpResponse.json([])))
 * const mocks = checkMocks(server)
 * // in a test, after the app's requests:
 * await mocks.assertNoViolations()
 */
export function checkMocks(server: MswLifeCycle, options: CheckMocksOptions = {}): MockChecks {
  if (typeof server?.events?.on !== 'function' || typeof server.events.removeListener !== 'function') {
    throw new MswCheckError(
      MswErrorCode.InvalidArgument,
      `checkMocks() needs the MSW server or worker (setupServer() from msw/node, setupWorker() from msw/browser), got ${describeArgument(server)}.`,
    )
  }
  checkOptions(options)
  const violations: Error[] = []
  const pending = new Set<Promise<void>>()
  /** Requests whose handler threw: MSW answers them with its own 500, which is not the mock's answer. */
  const threw = new Set<string>()
  // The run is looked up at each check, not here: Playwright Test starts it with the first test's fixtures,
  // after the test files (which set up their mocks) are imported.
  const spec = specSource(options.spec)
  /** The runs whose test ends fail tests with the violations still unasserted, and how to stop that. */
  const watched = new Map<RunRuntime, (() => void) | undefined>()

  const settled = async () => {
    // MSW reports a mocked response after the app has it: give the report a turn to arrive.
    await new Promise((resolve) => realSetTimeout(resolve, 0))
    while (pending.size > 0) await Promise.all(pending)
  }
  const watch = (runtime: RunRuntime | undefined) => {
    if (runtime === undefined || watched.has(runtime)) return
    watched.set(
      runtime,
      runtime.testEnd?.add(async () => {
        await settled()
        for (const error of violations.splice(0)) runtime.fail(error)
      }),
    )
  }
  watch(currentRunRuntime())
  const onException = ({ requestId }: { readonly requestId: string }) => void threw.add(requestId)
  const onMocked = (event: MockedResponseEvent) => {
    if (threw.delete(event.requestId)) return
    const runtime = currentRunRuntime()
    watch(runtime)
    const check = checkMocked(event, options, spec, runtime, violations).finally(() => pending.delete(check))
    pending.add(check)
  }
  server.events.on('unhandledException', onException)
  server.events.on('response:mocked', onMocked)

  return {
    async assertNoViolations() {
      await settled()
      const found = violations.splice(0)
      if (found.length === 1) throw found[0]
      if (found.length > 1) throw new AggregateError(found, found.map((error) => error.message).join('\n\n'))
    },
    async violations() {
      await settled()
      return [...violations]
    },
    dispose() {
      server.events.removeListener('response:mocked', onMocked)
      server.events.removeListener('unhandledException', onException)
      for (const stop of watched.values()) stop?.()
      watched.clear()
    },
  }
}

async function checkMocked(
  { request, response }: MockedResponseEvent,
  options: CheckMocksOptions,
  specOf: SpecSource,
  runtime: RunRuntime | undefined,
  violations: Error[],
): Promise<void> {
  const where = `${request.method} ${request.url} → ${response.status}`
  try {
    const spec = await specOf(runtime)
    if (!isApiUrl(spec, new URL(request.url))) return
    const context = mockContext(runtime)
    const withRequest = options.validateRequest ?? context.validateRequest
    const requestText =
      withRequest && request.body !== null && !request.bodyUsed ? await request.clone().text() : undefined
    const exchange = readFetchExchange(request, requestText, response, await response.clone().text())
    const outcome = checkResponse(
      exchange,
      { ...options, spec, validateRequest: withRequest },
      CHECK_NAME,
      context,
      undefined,
    )
    if (!outcome.failed) return
    violations.push(
      new ContractAssertionError(
        `A mocked response does not match spec '${outcome.specName}' (MSW, ${where}):\n${describeViolations(outcome)}`,
        diffValues(outcome),
      ),
    )
  } catch (error) {
    violations.push(error instanceof Error ? error : new Error(String(error)))
  }
}

/** Where a check takes its spec from, given the run it happens in (if any). */
type SpecSource = (runtime: RunRuntime | undefined) => LoadedSpec | Promise<LoadedSpec>

/**
 * The spec of each check: a loaded spec as given; under a run, the run's spec of that name (or the one bound
 * around the test, or `defaultSpec`); outside any run, the spec file `spec` names, loaded once.
 */
function specSource(spec: string | LoadedSpec | undefined): SpecSource {
  if (typeof spec === 'object') return () => spec
  let file: Promise<LoadedSpec> | undefined
  return (runtime) => {
    if (runtime !== undefined) return runtime.resolveSpec(spec)
    if (spec === undefined)
      throw noSpec('no contracttool run is active in this process and no spec was given')
    file ??= loadSpecFile(spec)
    return file
  }
}

/**
 * The run's validation options, with what the mocks answered recorded as mock coverage: never the API's
 * coverage (the mock is not the API), and nothing for requests (the app sent them, the API never saw them).
 */
function mockContext(runtime: RunRuntime | undefined): CheckContext {
  if (runtime === undefined) {
    return detachedContext((_spec, checkName) => noSpec(`${checkName} ran outside any contracttool run`))
  }
  return mockCheckContext(
    {
      resolveSpec: (explicit) => runtime.resolveSpec(explicit),
      responseOptions: (extra) => runtime.responseOptions(extra),
      requestOptions: (status) => runtime.requestOptions(status),
      validateRequest: runtime.validateRequest ?? false,
    },
    runtime,
  )
}

function noSpec(why: string): MswCheckError {
  return new MswCheckError(
    MswErrorCode.NoSpec,
    `checkMocks() has no spec to check the mocks against: ${why}. Start a run first (the Vitest plugin ` +
      "contractTesting(), Jest's withContractTesting(), --import @contracttool/node-test/register, " +
      "@contracttool/mocha/register, or createContractRun()), or pass { spec: 'openapi/petstore.yaml' } (a spec file) " +
      "or { spec: await loadSpec('petstore', { basePath: 'openapi' }) }.",
  )
}

function checkOptions(options: unknown): void {
  const invalid = (detail: string) =>
    new MswCheckError(MswErrorCode.InvalidArgument, `checkMocks() options: ${detail}`)
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw invalid(`expected an object such as { spec: 'petstore' }, got ${describeArgument(options)}.`)
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key))
      throw invalid(`unknown option '${key}'. Known options: ${OPTION_KEYS.join(', ')}.`)
  }
  const { spec, validateRequest, skipResponseCodes } = options as Record<string, unknown>
  if (spec !== undefined && !(typeof spec === 'string' && spec !== '') && typeof spec !== 'object') {
    throw invalid(
      `spec must be a spec name, a spec file path or a spec returned by loadSpec(), got ${describeArgument(spec)}.`,
    )
  }
  if (
    skipResponseCodes !== undefined &&
    (!Array.isArray(skipResponseCodes) ||
      skipResponseCodes.some((code) => typeof code !== 'string' && typeof code !== 'number'))
  ) {
    throw invalid(
      `skipResponseCodes must be an array of statuses or patterns (404, '4\\d\\d'), got ${describeArgument(skipResponseCodes)}.`,
    )
  }
  if (validateRequest !== undefined && typeof validateRequest !== 'boolean') {
    throw invalid(`validateRequest must be true or false, got ${describeArgument(validateRequest)}.`)
  }
}
