import type { CheckContext } from '@contracttool/exchange/internal'
import { PLAYWRIGHT_SLOT } from '@contracttool/kernel/internal'

/** The `use` key through which `withContractTesting()` hands its options to the workers' fixtures. */
export const OPTIONS_FIXTURE = '_contractTesting'

/** The attachment a test's observations travel in to the reporter (a leading `_` hides it in terminal reporters). */
export const OBSERVATIONS_ATTACHMENT = '_contracttool-observations'

/** Attached when a test starts recording: a result with it and without the observations stopped mid-test. */
export const STARTED_ATTACHMENT = '_contracttool-started'

/** Named in option messages. */
export const CALLER = 'withContractTesting()'

/** A request as a checked `APIRequestContext` sent it: what an `APIResponse` does not say about itself. */
export interface SentRequest {
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  /** Text or bytes as sent, a value sent as JSON, or undefined. */
  readonly body: unknown
}

/** The test running in this worker: its spec binding, its run's checks, the violations found outside a check. */
export interface RunningTest {
  readonly spec: string | undefined
  readonly context: CheckContext
  readonly failures: Error[]
}

/**
 * The contract-testing state of this worker process, in a `Symbol.for` slot on `globalThis` rather than a
 * module variable: the config, a test file's `import` and another file's `require` may each load a different
 * copy of this package (ESM and CommonJS), and they must all reach the same state.
 */
export interface PlaywrightState {
  /** The request each checked `APIResponse` answers. */
  readonly requests: WeakMap<object, SentRequest>
  /** Playwright runs one test at a time in a worker: the one running now. */
  running: RunningTest | undefined
}

/** This process's state, created on first use. */
export function playwrightState(): PlaywrightState {
  const global = globalThis as Record<PropertyKey, unknown>
  let state = global[PLAYWRIGHT_SLOT] as PlaywrightState | undefined
  if (state === undefined) {
    state = { requests: new WeakMap(), running: undefined }
    global[PLAYWRIGHT_SLOT] = state
  }
  return state
}
