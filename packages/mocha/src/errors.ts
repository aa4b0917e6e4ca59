import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `MochaError` can carry. Each one is listed under "Error codes" in the package README (a test
 * keeps the two in sync).
 */
export const MochaErrorCode = {
  /** An assertion names a spec, or `openApiSpec()` was called, in a process `register` did not set up. */
  NotRegistered: 'CONTRACTTOOL_MOCHA_NOT_REGISTERED',
  /** `openApiSpec()` with an empty name, outside a Mocha file, or with a name that is not in `specs`. */
  InvalidBinding: 'CONTRACTTOOL_MOCHA_INVALID_BINDING',
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
 *   openApiSpec('')
 * } catch (error) {
 *   if (error instanceof MochaError) console.error(error.code)
 * }
 */
export const MochaError: ErrorClass<MochaErrorCode> = errorClass('MochaError', 'mocha')
export type MochaError = InstanceType<typeof MochaError>
