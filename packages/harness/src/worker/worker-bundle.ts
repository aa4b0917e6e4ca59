import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The worker half of a runner binding's worker bundle: one CommonJS file holding what the binding's test files
// run (its checks, with the validator), and the one copy of its exports in a process (or thread). The setup
// file loads it with its V8 code cache (load-worker-bundle.ts); the entry a test file imports only reads what
// was handed over, so that it loads none of that.

/** A binding's worker bundle: where it is built, and the one copy of its exports in this process (or thread). */
export interface WorkerBundle<T> {
  /** The built bundle; undefined when the binding runs from its TypeScript sources (nothing is built there). */
  readonly file: string | undefined
  /**
   * The exports in use in this process: those handed over (`use()`, `loadWorkerBundle()`), else, outside a
   * test file the binding set up (other runners, scripts), the built bundle, required now.
   */
  exports(): T
  /** Makes `exports` the ones in use in this process: from sources, the binding hands over its modules. */
  use(exports: T): void
}

/**
 * Worker: the bundle a binding builds as `name` beside its modules (the module at `moduleUrl`, an
 * `import.meta.url`), handed over in `slot` (a `Symbol.for` key of kernel's list) on `globalThis`, not a module variable: the
 * binding's entry, its setup file and the bundle are separate builds, and from sources the test runner
 * loads them as other modules again.
 *
 * @example
 * export const worker = workerBundle<typeof import('./worker-core.js')>(
 *   VITEST_WORKER_BUNDLE_SLOT, import.meta.url, 'worker-core.cjs')
 */
export function workerBundle<T>(slot: symbol, moduleUrl: string, name: string): WorkerBundle<T> {
  const global = globalThis as Record<PropertyKey, unknown>
  const file = builtFile(moduleUrl, name)
  const use = (exports: T): void => {
    global[slot] = exports
  }
  return {
    file,
    exports() {
      const handedOver = global[slot] as T | undefined
      if (handedOver !== undefined) return handedOver
      if (file === undefined) {
        throw new Error(
          `The worker bundle ${name} was not handed over (${slot.description}): from sources, the binding hands over its modules.`,
        )
      }
      const exports = createRequire(file)(file) as T
      use(exports)
      return exports
    },
    use,
  }
}

/**
 * The one place that tells a binding's build from its sources: the file `name` built beside the module at
 * `moduleUrl` (an `import.meta.url`), or undefined when that module is a TypeScript source (this
 * repository's tests), beside which nothing is built.
 *
 * @example
 * const setupFile = builtFile(import.meta.url, 'setup.js') ?? sourceFile
 */
export function builtFile(moduleUrl: string, name: string): string | undefined {
  const here = fileURLToPath(moduleUrl)
  return here.endsWith('.ts') ? undefined : join(dirname(here), name)
}
