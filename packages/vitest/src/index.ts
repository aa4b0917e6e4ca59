export type {
  ConsoleOutputMode,
  ContractRunOptions as ContractTestingOptions,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from '@contracttool/harness'
export { ContractAssertionError } from '@contracttool/harness/internal'
export { assertRequestMatchesOpenApiSchema } from './assert-request-matches-open-api-schema.js'
export { assertResponseMatchesOpenApiSchema } from './assert-response-matches-open-api-schema.js'
export type { OpenApiMatcherOptions, OpenApiRequestMatcherOptions } from './contract-matchers.js'
export { contractTesting } from './contract-testing.js'
export { ContractTestingError, VitestErrorCode } from './errors.js'
export { openApiSpec } from './open-api-spec.js'
