import { createRequire } from 'node:module'

// The package entry (matchers, assertion functions) runs its checks in the worker code, where the validator
// is: a test file that only imports `openApiSpec()` loads neither, and the matchers and the assertion
// functions share the validator and the schemas it compiled with the setup file. The worker code is handed
// over in a `Symbol.for` slot, not a module variable: the setup file's module and the entry are separate
// builds (see tsup.config.ts), and from sources Vitest loads them as other modules again.

type WorkerCore = typeof import('./worker-core.js')

const WORKER_CODE_SLOT = Symbol.for('contracttool.vitest.worker-code')

// Built beside the package entry and the setup file's module (tsup.config.ts).
const BUILT_WORKER_CODE = './worker-core.cjs'

/** Worker: makes `code` the worker code the package entry's checks run in, for this process (or thread). */
export function useWorkerCode(code: WorkerCore): void {
  ;(globalThis as Record<PropertyKey, unknown>)[WORKER_CODE_SLOT] = code
}

/**
 * The worker code of this process: the one the setup file handed over (`useWorkerCode()`), else, outside a
 * test file the plugin set up (other test runners, scripts), the built worker code beside this module,
 * loaded now.
 */
export function workerCode(): WorkerCore {
  const handedOver = (globalThis as Record<PropertyKey, unknown>)[WORKER_CODE_SLOT] as WorkerCore | undefined
  if (handedOver !== undefined) return handedOver
  const code = createRequire(import.meta.url)(BUILT_WORKER_CODE) as WorkerCore
  useWorkerCode(code)
  return code
}
