export { assertRequestMatchesOpenApiSchema } from './assert-request-matches-open-api-schema.js'
export { assertResponseMatchesOpenApiSchema } from './assert-response-matches-open-api-schema.js'
export { ContractAssertionError } from './contract-assertion-error.js'
export {
  contractMatchers,
  type OpenApiMatcherOptions,
  type OpenApiRequestMatcherOptions,
} from './contract-matchers.js'
export { contractTesting } from './contract-testing.js'
export type {
  ConsoleOutputMode,
  ContractTestingOptions,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from './contract-testing-options.js'
export { ContractTestingError, VitestErrorCode } from './errors.js'
export { openApiSpec } from './open-api-spec.js'
