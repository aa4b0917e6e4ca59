import type { CheckContext } from '@contracttool/exchange/internal'
import type { ContractRecorder, Handover } from '@contracttool/harness/checks'
import { MOCHA_SLOT } from '@contracttool/kernel/internal'

/** The environment variable through which the main process tells the parallel workers where to hand over. */
export const RUN_DIR_ENV = 'CONTRACTTOOL_HANDOVER_DIR'

/**
 * The contract-testing state of this process. It lives in a `Symbol.for` slot on `globalThis`, not in a
 * module variable: `.mocharc` may load the register module twice, a test file may `import` this package while
 * another `require`s it, and every copy must reach one state (and finish the run once).
 */
export interface ProcessState {
  /** The checks' context, once the specs are loaded. */
  context: CheckContext | undefined
  /** Ends the running test in the run's context: the violations adapters found during it (`RunContext.endTest()`). */
  endTest: (() => Promise<Error[]>) | undefined
  recorder: ContractRecorder | undefined
  /** Why the set-up failed, thrown by every check and every root hook. */
  setUpError: Error | undefined
  /** The handover directory: created by the main process, inherited by the workers. */
  runDir: string | undefined
  /** A worker's handover for the file it runs now. */
  handover: Handover | undefined
  /** The spec names `openApiSpec()` bound around the running test, innermost last. */
  readonly bound: string[]
  /** A serial run's root suite had `.only`. */
  focused: boolean
  /** The global teardown ran (the register module may be loaded twice). */
  finished: boolean
}

/** This process's state, created on first use. */
export function processState(): ProcessState {
  const global = globalThis as Record<PropertyKey, unknown>
  let state = global[MOCHA_SLOT] as ProcessState | undefined
  if (state === undefined) {
    state = {
      context: undefined,
      endTest: undefined,
      recorder: undefined,
      setUpError: undefined,
      runDir: undefined,
      handover: undefined,
      bound: [],
      focused: false,
      finished: false,
    }
    global[MOCHA_SLOT] = state
  }
  return state
}
