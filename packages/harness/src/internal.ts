// What the runner bindings of this repository share with the harness, outside semver. Modules here import
// nothing at run time: a test file loads them with the binding's entry.
export { ContractAssertionError } from './contract-assertion-error.js'
export { describeValue } from './internal/describe-value.js'
export { writeCacheFile } from './internal/write-cache-file.js'
export { currentRunRuntime, installRunRuntime, RUNTIME_SLOT, type RunRuntime } from './run-runtime.js'
