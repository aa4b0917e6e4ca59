export { collectObservedKeys } from './collect-observed-keys.js'
export { CONTRACT_TOOL_WARNING } from './contract-tool-warning.js'
export { describeStrictRequiredPartialRun } from './describe-strict-required-partial-run.js'
export {
  type EvaluateStrictAdditionalPropertiesOptions,
  evaluateStrictAdditionalProperties,
} from './evaluate-strict-additional-properties.js'
export { type EvaluateStrictRequiredOptions, evaluateStrictRequired } from './evaluate-strict-required.js'
export {
  parseStrictAdditionalPropertiesMode,
  parseStrictAdditionalPropertiesPerCallMode,
} from './parse-strict-additional-properties-mode.js'
export { parseStrictRequiredMode, parseStrictRequiredPerCallMode } from './parse-strict-required-mode.js'
export { PerCallChecker } from './per-call-checker.js'
export { StrictAdditionalPropertiesPerCallChecker } from './strict-additional-properties-per-call-checker.js'
export { StrictAdditionalPropertiesTracker } from './strict-additional-properties-tracker.js'
export { StrictRequiredErrorCode } from './strict-required-error-code.js'
export { StrictRequiredTracker } from './strict-required-tracker.js'
export type {
  ObservedPointers,
  PerCallCheckResult,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesOutcome,
  StrictAdditionalPropertiesPerCallMode,
  StrictAdditionalPropertiesReport,
  StrictAdditionalPropertiesStateRow,
  StrictAdditionalPropertiesStateV1,
  StrictRequiredMode,
  StrictRequiredObservation,
  StrictRequiredOutcome,
  StrictRequiredPerCallMode,
  StrictRequiredReport,
  StrictRequiredStateRow,
  StrictRequiredStateV2,
} from './types.js'
