import type { PerCallCheckers } from '@contracttool/harness/checks'
import { VITEST_WORKER_SLOT } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'

/**
 * How the runtime reaches Vitest's runner. Injected by the setup file so that the package entry never imports
 * `vitest` at run time: Vitest is ESM-only, and the CommonJS build of the entry (assertion functions for other
 * runners) must still load.
 */
export interface RunnerHooks {
  /** The test being run, or undefined outside a test. */
  currentTest(): object | undefined
  /** The file or `describe` being collected, or undefined when none is. */
  collectingTask(): { meta: object } | undefined
}

/**
 * What a worker keeps across the test files it runs (`isolate: false`): specs, the spec loader, Vitest's
 * runner and the runtime of the file being run.
 */
export interface WorkerState {
  /** Specs by base path and name: a spec is loaded once per worker, not once per file. */
  readonly specs: Map<string, LoadedSpec>
  /** The spec loader, imported only for specs the main process could not hand over. */
  loader: typeof import('@contracttool/spec-loader') | undefined
  /** Per-call NOTEs are printed once per process. */
  readonly perCall: PerCallCheckers
  hooks: RunnerHooks
  /** The runtime of the test file being run (`ContractRuntime`), typed where it is created. */
  current: unknown
}

// A `Symbol.for` slot on `globalThis` (VITEST_WORKER_SLOT), not a module variable: the setup file, the matchers
// and `openApiSpec()` may each hold a different copy of this package (source and dist, ESM and CJS), and must
// reach the same state.

/** The state of this worker, once the plugin's setup file has run in it. */
export function workerState(): WorkerState | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[VITEST_WORKER_SLOT] as WorkerState | undefined
}

/** The state of this worker, created by the first test file that runs in it. */
export function ensureWorkerState(create: () => WorkerState): WorkerState {
  const global = globalThis as Record<PropertyKey, unknown>
  const existing = global[VITEST_WORKER_SLOT] as WorkerState | undefined
  if (existing !== undefined) return existing
  const state = create()
  global[VITEST_WORKER_SLOT] = state
  return state
}
