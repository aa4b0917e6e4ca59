// What the runner bindings of this repository share with the harness, outside semver. The values here come
// from modules that import nothing at run time but the kernel, which every binding's entry loads anyway (types
// cost nothing): a test file loads them with the binding's entry.
export { type BindingMisuse, type BindingWords, bindingError } from './binding-error.js'
export { ContractAssertionError } from './contract-assertion-error.js'
export { ContractRunError, HarnessErrorCode } from './errors.js'
export type { RunIo } from './finish-run.js'
export type { SpecCacheEntry } from './internal/spec-cache.js'
export { type RecorderSettings, recorderSettings } from './recorder-settings.js'
export type { ConfiguredOptions, FileOptions, GivenOptions, ResolvedOptions } from './resolve-options.js'
export type { CombinedRunOptions, RunOptionsState } from './run-options-state.js'
export { runnerSettingNames, type SettingNames } from './runner-setting-names.js'
// A runner binding's worker bundle: what its test files run, compiled with a V8 code cache. The workers'
// half loads the bundle and hands its exports around; the main process's half (`prepareWorkerBundle()`,
// which names the caches) is the `main` entry.
export {
  type LoadedWorkerBundle,
  loadWorkerBundle,
  type WorkerBundleEntry,
} from './worker/load-worker-bundle.js'
export { builtFile, type WorkerBundle, workerBundle } from './worker/worker-bundle.js'
