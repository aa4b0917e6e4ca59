import { JEST_RUNTIME_SLOT } from '@contracttool/kernel/internal'
/**
 * What the setup file installs for the test file being run, in a `Symbol.for` slot on the test file's global:
 * the entry a test file imports (ESM or CommonJS) and the CommonJS setup file are different copies of this
 * package, and must reach the same per-file state.
 */
export interface JestRuntime {
  /** Binds `name` to the tests of the file or `describe` block being collected (`openApiSpec()`). */
  bind(name: string): void
}

export function installJestRuntime(runtime: JestRuntime): void {
  ;(globalThis as Record<PropertyKey, unknown>)[JEST_RUNTIME_SLOT] = runtime
}

export function currentJestRuntime(): JestRuntime | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[JEST_RUNTIME_SLOT] as JestRuntime | undefined
}
