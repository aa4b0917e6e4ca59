// What the runner bindings of this repository run in their main process (outside semver): it may load what
// test files must not (`node:crypto`), so it is an entry of its own, which a binding's test-file code never
// bundles. The workers' halves are in the `internal` entry (`workerBundle()`).
export { prepareWorkerBundle } from './main/prepare-worker-bundle.js'
