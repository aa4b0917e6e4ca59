import { currentRunRuntime, type RunRuntime } from '@contracttool/harness/internal'

// The slot and its protocol belong to @contracttool/harness, which every runner binding and
// `createContractRun()` install through; the adapters only read it.
export { RUNTIME_SLOT } from '@contracttool/harness/internal'

/** The part of the running run an adapter uses (`RunRuntime` of `@contracttool/harness`). */
export type ContractRuntimeProtocol = RunRuntime

/** The runtime of the running contract-testing run (a Vitest test file, a `createContractRun()`), if any. */
export function currentRuntime(): ContractRuntimeProtocol | undefined {
  return currentRunRuntime()
}
