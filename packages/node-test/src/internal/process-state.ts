import { AsyncLocalStorage } from 'node:async_hooks'
import type { CheckContext } from '@contracttool/exchange/internal'
import type { RunEnvelope } from '@contracttool/harness'
import { NODE_TEST_SLOT } from '@contracttool/kernel/internal'

/** The environment variable through which the reporter tells the test processes where to hand over. */
export const RUN_DIR_ENV = 'CONTRACTTOOL_HANDOVER_DIR'

/** Named in option messages: node:test takes its options from the config file only. */
export const CALLER = 'contracttool.config.*'

/**
 * The contract-testing state of this process. It lives in a `Symbol.for` slot on `globalThis`, not in a
 * module variable: the register module, a test file's `import` and another file's `require` may each load a
 * different copy of this package (ESM and CommonJS), and they must all reach the same state.
 */
export interface ProcessState {
  /** The spec `openApiSpec()` bound around the running code (a file's tests, a `describe` block's). */
  readonly bindings: AsyncLocalStorage<string>
  /** Every name given to `openApiSpec()` in this process, checked against `specs` before the tests run. */
  readonly boundNames: Set<string>
  /** The checks' context, once `register` has read the options and loaded the specs. */
  context: CheckContext | undefined
  /** Ends the running test in the run's context: the violations adapters found during it (`RunContext.endTest()`). */
  endTest: (() => Promise<Error[]>) | undefined
  /** Why the set-up failed, thrown by every check. */
  setUpError: Error | undefined
  /** The reporter runs in this process (a file run directly): it takes the envelope from here. */
  reporterActive: boolean
  /** What the tests of this process recorded, when they share the reporter's process. */
  envelope: RunEnvelope | undefined
}

/** This process's state, created on first use. */
export function processState(): ProcessState {
  const global = globalThis as Record<PropertyKey, unknown>
  let state = global[NODE_TEST_SLOT] as ProcessState | undefined
  if (state === undefined) {
    state = {
      bindings: new AsyncLocalStorage<string>(),
      boundNames: new Set(),
      context: undefined,
      endTest: undefined,
      setUpError: undefined,
      reporterActive: false,
      envelope: undefined,
    }
    global[NODE_TEST_SLOT] = state
  }
  return state
}
