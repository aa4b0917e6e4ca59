export type {
  ConsoleOutputMode,
  ContractRunOptions as ContractTestingOptions,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from '@contracttool/harness/internal'
export { ContractAssertionError } from '@contracttool/harness/internal'
export { ContractJestError, JestErrorCode } from './errors.js'
export type { ContractMatchers, OpenApiMatcherOptions, OpenApiRequestMatcherOptions } from './matchers.js'
export { openApiSpec } from './open-api-spec.js'
export { type JestConfigLike, withContractTesting } from './with-contract-testing.js'
