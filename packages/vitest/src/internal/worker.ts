import { workerBundle } from '@contracttool/harness/internal'
import { VITEST_WORKER_BUNDLE_SLOT } from '@contracttool/kernel/internal'

// The package entry (matchers, assertion functions) runs its checks in the worker bundle, where the validator
// is: a test file that only imports `openApiSpec()` loads neither, and the matchers and the assertion
// functions share the validator and the schemas it compiled with the setup file. The setup file loads the
// bundle with its code cache; from sources, the setup file and the entry from sources hand over the module
// Vitest transformed.

/** What the worker bundle exports (its entry, `worker-core.ts`). */
export type WorkerCore = typeof import('./worker-core.js')

/** The worker bundle, `dist/worker-core.cjs` (tsup.config.ts), beside the package entry and the setup file's module. */
export const worker = workerBundle<WorkerCore>(VITEST_WORKER_BUNDLE_SLOT, import.meta.url, 'worker-core.cjs')
