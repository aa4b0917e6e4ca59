export { collectObservedKeys } from './collect-observed-keys.js'
export { CONTRACT_TOOL_WARNING } from './contract-tool-warning.js'
export { describeStrictRequiredPartialRun } from './describe-strict-required-partial-run.js'
export { evaluateStrictAdditionalProperties, evaluateStrictRequired } from './evaluate-strict.js'
export {
  parseStrictAdditionalPropertiesMode,
  parseStrictAdditionalPropertiesPerCallMode,
  parseStrictRequiredMode,
  parseStrictRequiredPerCallMode,
} from './parse-strict-mode.js'
export { PerCallChecker, StrictAdditionalPropertiesPerCallChecker } from './per-call-checker.js'
export { StrictRequiredErrorCode } from './strict-required-error-code.js'
export { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from './strict-tracker.js'
