/**
 * Every code a `ContractToolError` thrown by `@contracttool/fetch` can carry. Each one is listed under
 * "Error codes" in the package README (a test keeps the two in sync).
 */
export const FetchErrorCode = {
  /** `contractFetch()` / `dispatchWithFetch()` received something that is neither a fetch function nor a handler. */
  InvalidTarget: 'CONTRACTTOOL_FETCH_INVALID_TARGET',
  /** A relative URL was sent through the global `fetch` without a `baseUrl`. */
  RelativeUrl: 'CONTRACTTOOL_FETCH_RELATIVE_URL',
  /** The handler or fetch function returned something that is not a `Response`. */
  NotAResponse: 'CONTRACTTOOL_FETCH_NOT_A_RESPONSE',
  /** A request or response body had already been read, so it cannot be captured for the contract check. */
  BodyConsumed: 'CONTRACTTOOL_FETCH_BODY_CONSUMED',
} as const
export type FetchErrorCode = (typeof FetchErrorCode)[keyof typeof FetchErrorCode]
