import { RUNTIME_SLOT } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type {
  RequestValidationOptions,
  ResponseValidationOptions,
  ValidationResult,
} from '@contracttool/validator'
import type { CheckContext } from './check-context.js'

/**
 * Checks a runner awaits when each test ends: a check that finishes after the test's own code has moved on
 * (MSW reports a mocked response after delivering it) registers with `add`, and the runner binding's
 * after-each hook awaits `settle()` before it fails the test with what was found.
 */
export interface TestEndQueue {
  /** Runs `check` at the end of every test from now on; returns the function that stops it. */
  add(check: () => Promise<void>): () => void
  /** Runs the registered checks, one after the other. */
  settle(): Promise<void>
}

/**
 * What a server-side adapter (`@contracttool/express`, `@contracttool/fastify`) reports into: the running
 * contract-testing run of this process, whichever runner started it (the Vitest binding installs one per test
 * file, `createContractRun()` one per run). It sits in the `RUNTIME_SLOT` slot (a `Symbol.for` key) on
 * `globalThis`, so every copy of every package (source and dist, ESM and CJS) reaches the same one.
 */
export interface RunRuntime {
  /** The spec to use: the given name, else the runner's binding (`openApiSpec()`), else `defaultSpec`. */
  resolveSpec(name: string | undefined): LoadedSpec
  responseOptions(extraSkipResponseCodes?: readonly string[]): ResponseValidationOptions
  requestOptions(responseStatus: number | undefined): RequestValidationOptions
  /** `path` is the request path as sent: a check of the same response in the same test does not count it again. */
  recordResponse(spec: LoadedSpec, result: ValidationResult, body: unknown, path: string): void
  recordRequest(result: ValidationResult): void
  /**
   * Records a response a mock answered (`@contracttool/msw`): mock coverage, reported apart from the API's
   * coverage and never counted toward its gates.
   */
  recordMockResponse?(result: ValidationResult): void
  /** The run's `validateRequest`. */
  readonly validateRequest?: boolean
  /** Checks the runner awaits when each test ends, before it fails the test with what `fail` queued. */
  readonly testEnd?: TestEndQueue
  /** Reports a violation an adapter found to the runner (Vitest fails the running test). */
  fail(error: Error): void
  /**
   * The context of the run's own checks, for assertions that plug into any run (`@contracttool/chai`): set by
   * runs whose checks happen in this process (`createContractRun()`, node:test, Mocha).
   */
  readonly checks?: CheckContext
  /**
   * False when `fail` fails no test (`createContractRun()` only warns): the adapter's
   * `assertNoViolations()` then throws the violation. Otherwise it does not throw it a second time.
   */
  readonly failsTests?: boolean
}

/**
 * Makes `runtime` the one server-side adapters of this process report into, in place of any installed before.
 * `target` is the global object the adapters run with: `globalThis` unless the checks run in another realm
 * than the tests (a Jest test file has its own global). Returns the uninstall function: it puts the previous
 * runtime back, unless another was installed since.
 *
 * @example
 * const uninstall = installRunRuntime(runtime)
 */
export function installRunRuntime(runtime: RunRuntime, target: object = globalThis): () => void {
  const global = target as Record<PropertyKey, unknown>
  const previous = global[RUNTIME_SLOT]
  global[RUNTIME_SLOT] = runtime
  return () => {
    if (global[RUNTIME_SLOT] !== runtime) return
    if (previous === undefined) delete global[RUNTIME_SLOT]
    else global[RUNTIME_SLOT] = previous
  }
}

/** The runtime installed in this process, if a run is active. */
export function currentRunRuntime(): RunRuntime | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[RUNTIME_SLOT] as RunRuntime | undefined
}
