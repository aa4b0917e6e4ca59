import { ContractToolError, type ContractToolErrorDetails } from '@contracttool/spec-loader'

/**
 * Every code a `ContractTestingError` can carry. Each one is listed under "Error codes" in the package
 * README (a test keeps the two in sync).
 */
export const VitestErrorCode = {
  /** A `contractTesting()` option (or a `contracttool.config.*` key) has the wrong type or an unknown value. */
  InvalidOption: 'CONTRACTTOOL_VITEST_INVALID_OPTION',
  /** `contracttool.config.{ts,js,mjs,json}` exists but cannot be read or does not export an object. */
  ConfigFileInvalid: 'CONTRACTTOOL_VITEST_CONFIG_FILE_INVALID',
  /** A spec listed in `specs` failed to load when the run started. */
  SpecLoadFailed: 'CONTRACTTOOL_VITEST_SPEC_LOAD_FAILED',
  /** The value handed to a matcher is not a response or exchange the matchers can read. */
  NotAResponse: 'CONTRACTTOOL_VITEST_NOT_A_RESPONSE',
  /** The response does not carry the request it answers, so method and path are unknown. */
  RequestNotRecoverable: 'CONTRACTTOOL_VITEST_REQUEST_NOT_RECOVERABLE',
  /** A WHATWG `Response` that did not come from `contractFetch()`: it carries no method. */
  FetchResponseWithoutExchange: 'CONTRACTTOOL_VITEST_FETCH_RESPONSE_WITHOUT_EXCHANGE',
  /** No spec is bound: no `{ spec }` option, no `openApiSpec()` in scope, no `defaultSpec`. */
  NoSpecBound: 'CONTRACTTOOL_VITEST_NO_SPEC_BOUND',
  /** A spec name was used that is not listed in the plugin's `specs`. */
  SpecNotConfigured: 'CONTRACTTOOL_VITEST_SPEC_NOT_CONFIGURED',
  /** A spec name was used but the `contractTesting()` plugin is not registered in this Vitest project. */
  NotRegistered: 'CONTRACTTOOL_VITEST_NOT_REGISTERED',
  /** A per-call option of a matcher or assertion function has the wrong type. */
  InvalidMatcherOption: 'CONTRACTTOOL_VITEST_INVALID_MATCHER_OPTION',
  /** `openApiSpec()` was called inside a test or hook, or with an empty name. */
  InvalidBinding: 'CONTRACTTOOL_VITEST_INVALID_BINDING',
} as const
export type VitestErrorCode = (typeof VitestErrorCode)[keyof typeof VitestErrorCode]

const BRAND = Symbol.for('contracttool.vitest.error')

/**
 * Thrown for misuse of `@contracttool/vitest`. `code` is one of `VitestErrorCode`. `instanceof` recognises
 * errors of every copy of this package: the package entry (ESM or CommonJS) and the worker code that the
 * matchers and assertion functions run in each have one.
 */
export class ContractTestingError extends ContractToolError {
  override readonly name: string = 'ContractTestingError'
  declare readonly code: VitestErrorCode

  constructor(code: VitestErrorCode, message: string, details: ContractToolErrorDetails = {}) {
    super(code, message, details)
    Object.defineProperty(this, BRAND, { value: true })
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `instanceof` a subclass keeps the ordinary prototype check
    if (this !== ContractTestingError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
  }
}
