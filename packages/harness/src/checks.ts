// What runs where the tests run (outside semver, for the runner bindings of this repository): the checks
// behind every runner's assertions (the Vitest matchers, `createContractRun()`) and the recorder they report
// into. The checks bring the validator; runners load them in the test process, never in the main one.
export {
  ContractRecorder,
  createPerCallCheckers,
  type PerCallCheckers,
} from './contract-recorder.js'
export { formatsFromData, formatsOfModule, importFormatsModule } from './formats-option.js'
export {
  type CheckOutcome,
  checkRequest,
  checkResponse,
  detachedContext,
  mockCheckContext,
  type OpenApiCheckOptions,
} from './internal/check-exchange.js'
export { checkSchema, type SchemaCheckOutcome } from './internal/check-schema.js'
export { describeConformance, describeViolations, diffValues } from './internal/format-failure.js'
export {
  installRunContext,
  type RunContext,
  type RunContextOptions,
  type RunContextSettings,
  type SpecSource,
} from './internal/install-run-context.js'
export {
  type MatcherContext,
  type MatcherResult,
  matcherResult,
  schemaMatcherResult,
} from './internal/matcher-result.js'
export {
  encodeSpecCacheRecord,
  isCacheCurrent,
  readSpecCache,
  readSpecCacheRecord,
  type SpecCacheRecord,
  specCacheGone,
} from './internal/spec-cache.js'
export { closeSpecCacheFiles } from './internal/spec-cache-file.js'
// Also in the package entry (for custom harnesses); here so that a test process loads only this entry.
export { type Handover, startHandover } from './run-handover.js'
export { encodeEntryFile, readEntryFile, useSchemaCodeFolder } from './worker/schema-code-folder.js'
