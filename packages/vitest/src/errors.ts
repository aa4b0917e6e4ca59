import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ContractTestingError` can carry. Each one is listed under "Error codes" in the package
 * README (a test keeps the two in sync).
 */
export const VitestErrorCode = {
  /** A spec the main process cached for the workers went away while a test file read it. */
  SpecLoadFailed: 'CONTRACTTOOL_VITEST_SPEC_LOAD_FAILED',
  /** No spec is bound: no `{ spec }` option, no `openApiSpec()` in scope, no `defaultSpec`. */
  NoSpecBound: 'CONTRACTTOOL_VITEST_NO_SPEC_BOUND',
  /** A spec name was used that is not listed in the plugin's `specs`. */
  SpecNotConfigured: 'CONTRACTTOOL_VITEST_SPEC_NOT_CONFIGURED',
  /** A spec name was used but the `contractTesting()` plugin is not registered in this Vitest project. */
  NotRegistered: 'CONTRACTTOOL_VITEST_NOT_REGISTERED',
  /** `openApiSpec()` was called inside a test or hook, or with an empty name. */
  InvalidBinding: 'CONTRACTTOOL_VITEST_INVALID_BINDING',
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
