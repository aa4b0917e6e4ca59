/**
 * Every code a `ContractToolError` thrown by `@contracttool/supertest` can carry. Each one is listed under
 * "Error codes" in the package README (a test keeps the two in sync).
 */
export const SupertestErrorCode = {
  /** `exchangeFromSupertest()` received something that is not a supertest/superagent response. */
  NotAResponse: 'CONTRACTTOOL_SUPERTEST_NOT_A_RESPONSE',
  /** The response carries no `req` (the request it answers), so method and path are unknown. */
  RequestNotRecoverable: 'CONTRACTTOOL_SUPERTEST_REQUEST_NOT_RECOVERABLE',
  /** `dispatchWithSupertest()` received something supertest cannot send requests to. */
  InvalidApp: 'CONTRACTTOOL_SUPERTEST_INVALID_APP',
} as const
export type SupertestErrorCode = (typeof SupertestErrorCode)[keyof typeof SupertestErrorCode]
