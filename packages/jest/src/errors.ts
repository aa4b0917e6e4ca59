import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ContractJestError` can carry: what only this binding meets (misuse every binding can meet is a
 * `ContractRunError` of `@contracttool/harness`). Each one is listed under "Error codes" in the package README
 * (a test keeps the two in sync).
 */
export const JestErrorCode = {
  /** `withContractTesting()` got something that is not a Jest config object, or a config it cannot extend. */
  InvalidConfig: 'CONTRACTTOOL_JEST_INVALID_CONFIG',
  /** The Jest config already has a contracttool setup file or reporter (added by hand, or twice). */
  ConflictingConfig: 'CONTRACTTOOL_JEST_CONFLICTING_CONFIG',
  /** `@contracttool/jest/environment` cannot find `jest-environment-node`, Jest's `node` environment. */
  EnvironmentNotFound: 'CONTRACTTOOL_JEST_ENVIRONMENT_NOT_FOUND',
} as const
export type JestErrorCode = (typeof JestErrorCode)[keyof typeof JestErrorCode]

/**
 * Thrown for misuse of `@contracttool/jest`. `code` is one of `JestErrorCode`. `instanceof` recognises errors
 * of every copy of this package (the ESM entry a test file imports, the CommonJS setup file).
 *
 * @example
 * try {
 *   withContractTesting(config, options)
 * } catch (error) {
 *   if (error instanceof ContractJestError && error.code === JestErrorCode.ConflictingConfig) console.error(error.message)
 * }
 */
export const ContractJestError: ErrorClass<JestErrorCode> = errorClass('ContractJestError', 'jest')
export type ContractJestError = InstanceType<typeof ContractJestError>
