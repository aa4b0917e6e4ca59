export { appendStepSummary } from './append-step-summary.js'
export { type ComputeCoverageOptions, computeCoverage } from './compute-coverage.js'
export {
  computeSpecPatchCoverage,
  type SpecPatchChange,
  type SpecPatchOperation,
  type SpecPatchOptions,
  type SpecPatchResponse,
  type SpecPatchResult,
} from './compute-spec-patch-coverage.js'
export {
  COVERAGE_JSON_SCHEMA_VERSION,
  type CoverageJsonAggregates,
  type CoverageJsonDocument,
  type CoverageJsonEndpoint,
  type CoverageJsonResponse,
  type CoverageJsonSdkExercise,
  type CoverageJsonSdkTotals,
  type CoverageJsonSpec,
} from './coverage-json.js'
export { CoverageTracker } from './coverage-tracker.js'
export {
  describePartialRun,
  PARTIAL_RUN_REASONS,
  type PartialRunDescription,
  type PartialRunOptions,
} from './describe-partial-run.js'
export { CoverageError, CoverageErrorCode } from './errors.js'
export {
  type EvaluateThresholdsOptions,
  evaluateThresholds,
  NO_COVERAGE_RECORDED,
  type ThresholdLine,
  type ThresholdMetric,
  type ThresholdOutcome,
} from './evaluate-thresholds.js'
export { lockSidecars, MERGE_LOCK_FILE, type SidecarLock } from './lock-sidecars.js'
export { type MergedSidecars, mergeSidecars } from './merge-sidecars.js'
export { parseCoverageJson, readCoverageJson } from './parse-coverage-json.js'
export {
  hasThresholds,
  type ParsedThresholds,
  type ParseThresholdsOptions,
  parseThresholds,
  type ThresholdInput,
  type ThresholdName,
  type Thresholds,
} from './parse-thresholds.js'
export { type ReadSidecarsResult, readSidecars, removeSidecars } from './read-sidecars.js'
export { LEGEND_LINE, type RenderConsoleOptions, renderConsole } from './render-console.js'
export { renderHtml } from './render-html.js'
export { buildCoverageJson, formatTimestamp, type RenderJsonOptions, renderJson } from './render-json.js'
export { renderJunit } from './render-junit.js'
export { renderMarkdown } from './render-markdown.js'
export { renderSpecPatchMarkdown, renderSpecPatchText } from './render-spec-patch.js'
export {
  CONSOLE_OUTPUT_ENV,
  type ResolveConsoleModeOptions,
  type ResolvedConsoleMode,
  resolveConsoleMode,
} from './resolve-console-mode.js'
export {
  type BuildSidecarEnvelopeOptions,
  buildSidecarEnvelope,
  parseSidecarPayload,
  SIDECAR_ENVELOPE_VERSION,
  type SidecarEnvelope,
} from './sidecar-envelope.js'
export {
  ANY_CONTENT_TYPE,
  CONSOLE_MODES,
  type ConsoleMode,
  type CoverageResponseRow,
  type CoverageResult,
  type CoverageState,
  type CoverageTotals,
  type EndpointCoverage,
  type EndpointState,
  type RecordedEndpoint,
  type RecordedResponse,
  type RecordedResponseState,
  type ResponseState,
  type SdkExerciseCoverage,
  type SdkExerciseRow,
  type SdkExerciseState,
  type SdkExerciseTotals,
  type SdkExerciseUnexpected,
  type SpecCoverage,
  type UnexpectedObservation,
} from './types.js'
export { type WriteFileAtomicOptions, writeFileAtomic, writeReport } from './write-file-atomic.js'
export { defaultSidecarDir, writeFailureMarker, writeSidecar } from './write-sidecar.js'
