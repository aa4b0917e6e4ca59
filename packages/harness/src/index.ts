export {
  type ConfigFileRun,
  finishHandedOverRun,
  type HandedOverRunSettings,
  prepareConfigFileRun,
} from './config-file-run.js'
export { ContractAssertionError } from './contract-assertion-error.js'
export type {
  ConsoleOutputMode,
  ContractRunOptions,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from './contract-run-options.js'
export { type ContractRun, createContractRun } from './create-contract-run.js'
export { ContractRunError, HarnessErrorCode } from './errors.js'
export { finishRun } from './finish-run.js'
export { formatsAsData } from './formats-option.js'
export type { OpenApiCheckOptions } from './internal/check-exchange.js'
export { isProjectSelectionFull } from './is-project-selection-full.js'
export { loadConfigFile } from './load-config-file.js'
export { loadRunSpec, preloadRunSpecs } from './load-run-spec.js'
export { schemaCodeFolder } from './main/schema-code-folder.js'
export {
  commandLineOptions,
  resolveConfigFile,
  resolveOptions,
  resolveOptionsWithoutBasePath,
  withFormatsModule,
} from './resolve-options.js'
export { mergeEnvelopes, type RunEnvelope } from './run-envelope.js'
export {
  collectHandovers,
  createHandoverDir,
  describeUnfinished,
  removeHandoverDir,
  startHandover,
} from './run-handover.js'
export { combineRunOptions, runOptionsState } from './run-options-state.js'
