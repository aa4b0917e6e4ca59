import type { ContractRuntime } from './runtime.js'

// `RUNTIME_SLOT` of @contracttool/server-check, spelled out here: that package loads the validator, and the
// modules a test file imports from this package (`openApiSpec()`) must stay light.
const RUNTIME_SLOT = Symbol.for('contracttool.runtime')

/** The runtime the setup file installed for the test file being run, or undefined outside a plugin run. */
export function currentRuntime(): ContractRuntime | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[RUNTIME_SLOT] as ContractRuntime | undefined
}
