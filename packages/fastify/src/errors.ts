/**
 * Every code a `ContractToolError` thrown by `@contracttool/fastify` can carry. Each one is listed under
 * "Error codes" in the package README (a test keeps the two in sync).
 */
export const FastifyErrorCode = {
  /** An option of `contractValidation` or `routeParity()` has the wrong type. */
  InvalidOption: 'CONTRACTTOOL_FASTIFY_INVALID_OPTION',
  /** No spec to validate against: no `{ spec }`, no `@contracttool/vitest` run that binds one. */
  NoSpec: 'CONTRACTTOOL_FASTIFY_NO_SPEC',
  /** `routeParity()` was called on an app where the `contractValidation` plugin was not registered first. */
  NotRegistered: 'CONTRACTTOOL_FASTIFY_NOT_REGISTERED',
  /** `dispatchWithInject()` received something without `inject()`. */
  NotAnApp: 'CONTRACTTOOL_FASTIFY_NOT_AN_APP',
} as const
export type FastifyErrorCode = (typeof FastifyErrorCode)[keyof typeof FastifyErrorCode]
