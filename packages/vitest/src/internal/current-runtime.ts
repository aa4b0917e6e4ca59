import { RUNTIME_SLOT } from '@contracttool/exchange/internal'
import type { ContractRuntime } from './runtime.js'

/** The runtime the setup file installed for the test file being run, or undefined outside a plugin run. */
export function currentRuntime(): ContractRuntime | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[RUNTIME_SLOT] as ContractRuntime | undefined
}
