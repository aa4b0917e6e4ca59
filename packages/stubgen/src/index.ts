export { StubgenErrorCode } from './errors.js'
export { applyRequestPrefix, normalizeRequestPrefix } from './normalize-request-prefix.js'
export { planStubs } from './plan-stubs.js'
export {
  classifyResponseKey,
  type RepresentativeStatus,
  type ResponseKeyKind,
  representativeStatus,
} from './representative-status.js'
export { DEFAULT_APP_MODULE, resolveAppImport } from './resolve-app-import.js'
export { shortDigest, stubFileNames } from './stub-file-names.js'
export {
  type AppImport,
  type CoverageEndpointRow,
  type CoverageInput,
  type CoverageResponseRow,
  type PlannedFile,
  type PlanStubsOptions,
  STUB_ADAPTERS,
  type StubAdapter,
  type StubbedResponse,
  type StubPlan,
  type UnstubbableResponse,
} from './types.js'
