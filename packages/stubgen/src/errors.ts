/**
 * Every code a `ContractToolError` thrown by `@contracttool/stubgen` can carry. The README's
 * "Error codes" table lists them; a test keeps the two in sync.
 *
 * @example
 * if (isContractToolError(error) && error.code === StubgenErrorCode.InvalidRequestPrefix) process.exitCode = 2
 */
export const StubgenErrorCode = {
  /** `adapter` is not one of `plain`, `supertest`, `fastify`, `fetch`. */
  InvalidAdapter: 'CONTRACTTOOL_STUBS_INVALID_ADAPTER',
  /** `requestPrefix` is not an absolute URI path (host, query, fragment, whitespace, non-ASCII, bad escape). */
  InvalidRequestPrefix: 'CONTRACTTOOL_STUBS_INVALID_REQUEST_PREFIX',
  /** A non-empty request prefix was given to the `plain` adapter, which sends no request. */
  PrefixWithPlainAdapter: 'CONTRACTTOOL_STUBS_PREFIX_WITH_PLAIN_ADAPTER',
  /** `appModule` is empty or its `#export` part is not an identifier. */
  InvalidAppModule: 'CONTRACTTOOL_STUBS_INVALID_APP_MODULE',
  /** The coverage document is not `schema_version: 3` or not shaped like one. */
  UnsupportedCoverage: 'CONTRACTTOOL_STUBS_UNSUPPORTED_COVERAGE',
  /** The coverage document has no entry for the spec name. */
  SpecNotInCoverage: 'CONTRACTTOOL_STUBS_SPEC_NOT_IN_COVERAGE',
} as const
export type StubgenErrorCode = (typeof StubgenErrorCode)[keyof typeof StubgenErrorCode]
