import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `MochaError` can carry: what only this binding meets (misuse every binding can meet is a
 * `ContractRunError` of `@contracttool/harness`). Each one is listed under "Error codes" in the package README (a test
 * keeps the two in sync).
 */
export const MochaErrorCode = {
  /** The end of the run failed a gate (or could not finish): thrown by the global teardown so mocha exits 1. */
  RunFailed: 'CONTRACTTOOL_MOCHA_RUN_FAILED',
} as const

export type MochaErrorCode = (typeof MochaErrorCode)[keyof typeof MochaErrorCode]

/**
 * Thrown for misuse of `@contracttool/mocha`, and by the global teardown when the run fails. `code` is one of
 * `MochaErrorCode`. `instanceof` recognises errors of every copy of this package (ESM and CommonJS).
 *
 * @example
 * try {
 *   await plugin.mochaGlobalTeardown()
 * } catch (error) {
 *   if (error instanceof MochaError && error.code === MochaErrorCode.RunFailed) console.error(error.message)
 * }
 */
export const MochaError: ErrorClass<MochaErrorCode> = errorClass('MochaError', 'mocha')
export type MochaError = InstanceType<typeof MochaError>
