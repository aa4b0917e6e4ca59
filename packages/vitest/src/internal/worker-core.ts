// What a test file process needs besides Vitest: the runtime, the matchers and the checks behind them, with
// the validator. Built into `dist/worker-core.cjs`, which the setup file compiles with a code cache
// (worker-code-cache.ts) and hands to the package entry (`useWorkerCode()`); from sources, the setup file
// imports this module instead.

export { closeSpecCacheFiles, useSchemaCodeFolder } from '@contracttool/harness/checks'
export { contractMatchers } from '../contract-matchers.js'
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
