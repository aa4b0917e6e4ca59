// What a test file process needs besides Vitest: the runtime and the checks behind the matchers, with the
// validator. Built into `dist/worker-core.cjs`, which the setup file compiles with a code cache and hands to
// the package entry (`worker` in worker.ts); from sources, the setup file imports this module instead.

export { closeSpecCacheFiles, useSchemaCodeFolder } from '@contracttool/harness/checks'
export {
  checkRequest,
  checkResponse,
  checkSchema,
  describeConformance,
  describeViolations,
  diffValues,
  matcherResult,
  schemaMatcherResult,
} from './checks.js'
export { ContractRuntime } from './runtime.js'
export { ENVELOPE_META_KEY } from './worker-config.js'
