/**
 * Every code a `ContractToolError` thrown by `@contracttool/express` can carry. Each one is listed under
 * "Error codes" in the package README (a test keeps the two in sync).
 */
export const ExpressErrorCode = {
  /** An option of `contractValidation()`, `routeParity()` or a dispatcher has the wrong type. */
  InvalidOption: 'CONTRACTTOOL_EXPRESS_INVALID_OPTION',
  /** No spec to validate against: no `{ spec }`, no `@contracttool/vitest` run that binds one. */
  NoSpec: 'CONTRACTTOOL_EXPRESS_NO_SPEC',
  /** `routeParity()` / `dispatchWithExpress()` received something that is not an Express app or router. */
  NotAnApp: 'CONTRACTTOOL_EXPRESS_NOT_AN_APP',
} as const
export type ExpressErrorCode = (typeof ExpressErrorCode)[keyof typeof ExpressErrorCode]
