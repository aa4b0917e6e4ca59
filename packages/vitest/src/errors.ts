import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ContractTestingError` can carry: what only this binding meets. Misuse every binding can meet
 * (no spec bound, a binding without the plugin) is a `ContractRunError` of `@contracttool/harness`. Each one
 * is listed under "Error codes" in the package README (a test keeps the two in sync).
 */
export const VitestErrorCode = {
  /** The Vitest in use cannot run here: older than Vitest 4.1, or Vitest 5 on a Node.js it does not support. */
  UnsupportedVersion: 'CONTRACTTOOL_VITEST_UNSUPPORTED_VERSION',
} as const
export type VitestErrorCode = (typeof VitestErrorCode)[keyof typeof VitestErrorCode]

/**
 * Thrown for misuse of `@contracttool/vitest`. `code` is one of `VitestErrorCode`. `instanceof` recognises
 * errors of every copy of this package: the package entry (ESM or CommonJS) and the worker code that the
 * matchers and assertion functions run in each have one.
 */
export const ContractTestingError: ErrorClass<VitestErrorCode> = errorClass('ContractTestingError', 'vitest')
export type ContractTestingError = InstanceType<typeof ContractTestingError>
