export type {
  ConsoleOutputMode,
  ContractRunOptions as ContractTestingOptions,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from '@contracttool/harness'
export { ContractJestError, JestErrorCode } from './errors.js'
export type { OpenApiMatcherOptions, OpenApiRequestMatcherOptions } from './matchers.js'
export { openApiSpec } from './open-api-spec.js'
export { withContractTesting } from './with-contract-testing.js'
