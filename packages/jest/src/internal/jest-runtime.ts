/**
 * What the setup file installs for the test file being run, in a `Symbol.for` slot on the test file's global:
 * the entry a test file imports (ESM or CommonJS) and the CommonJS setup file are different copies of this
 * package, and must reach the same per-file state.
 */
export interface JestRuntime {
  /** Binds `name` to the tests of the file or `describe` block being collected (`openApiSpec()`). */
  bind(name: string): void
}

const SLOT = Symbol.for('contracttool.jest.runtime')

export function installJestRuntime(runtime: JestRuntime): void {
  ;(globalThis as Record<PropertyKey, unknown>)[SLOT] = runtime
}

export function currentJestRuntime(): JestRuntime | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[SLOT] as JestRuntime | undefined
}
