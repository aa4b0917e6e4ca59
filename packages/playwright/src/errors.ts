import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ContractPlaywrightError` can carry: what only this binding meets (misuse every binding can meet
 * is a `ContractRunError` of `@contracttool/harness`). Each one is listed under "Error codes" in the package
 * README (a test keeps the two in sync).
 */
export const PlaywrightErrorCode = {
  /** `withContractTesting()` given something that is not a Playwright config object, or options that are not an object. */
  InvalidConfig: 'CONTRACTTOOL_PLAYWRIGHT_INVALID_CONFIG',
  /** A matcher was handed an `APIResponse` whose request it does not know (a context the test created itself). */
  UnknownApiResponse: 'CONTRACTTOOL_PLAYWRIGHT_UNKNOWN_API_RESPONSE',
  /** `@contracttool/playwright` loaded another copy of `@playwright/test` than the one running the tests. */
  DuplicatePlaywright: 'CONTRACTTOOL_PLAYWRIGHT_DUPLICATE_PLAYWRIGHT',
} as const
export type PlaywrightErrorCode = (typeof PlaywrightErrorCode)[keyof typeof PlaywrightErrorCode]

/**
 * Thrown for misuse of `@contracttool/playwright`. `code` is one of `PlaywrightErrorCode`. `instanceof`
 * recognises errors of every copy of this package (ESM and CommonJS).
 *
 * @example
 * try {
 *   withContractTesting(undefined as never)
 * } catch (error) {
 *   if (error instanceof ContractPlaywrightError) console.error(error.code)
 * }
 */
export const ContractPlaywrightError: ErrorClass<PlaywrightErrorCode> = errorClass(
  'ContractPlaywrightError',
  'playwright',
)
export type ContractPlaywrightError = InstanceType<typeof ContractPlaywrightError>
