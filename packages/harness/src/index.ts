export { ContractAssertionError } from './contract-assertion-error.js'
export { type RecorderSettings, recorderSettings } from './contract-recorder.js'
export type {
  ConsoleOutputMode,
  ContractRunOptions,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from './contract-run-options.js'
export {
  type ContractRun,
  type ContractRunSettings,
  createContractRun,
  type FinishOptions,
} from './create-contract-run.js'
export { ContractRunError, HarnessErrorCode } from './errors.js'
export {
  type FinishRunInput,
  type FinishRunOptions,
  type FinishRunResult,
  finishRun,
  type RunIo,
  runnerSettingNames,
  type SettingNames,
} from './finish-run.js'
export type { OpenApiCheckOptions } from './internal/check-exchange.js'
export type { SourceStamp, SpecCacheEntry } from './internal/spec-cache.js'
export { isProjectSelectionFull } from './is-project-selection-full.js'
export { loadConfigFile } from './load-config-file.js'
export { loadRunSpec, type PreloadedSpecs, preloadRunSpecs } from './load-run-spec.js'
export {
  type ConfiguredOptions,
  commandLineOptions,
  type ResolvedOptions,
  type ResolveSettings,
  resolveConfigFile,
  resolveOptions,
} from './resolve-options.js'
export {
  emptyObservations,
  mergeEnvelopes,
  type RunEnvelope,
  type RunObservations,
} from './run-envelope.js'
export {
  type CollectedHandovers,
  collectHandovers,
  createHandoverDir,
  describeUnfinished,
  type Handover,
  removeHandoverDir,
  startHandover,
  type UnfinishedWriter,
} from './run-handover.js'
