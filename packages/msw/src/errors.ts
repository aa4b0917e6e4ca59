import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code an `MswCheckError` can carry. Each one is listed under "Error codes" in the package README (a test
 * keeps the two in sync).
 */
export const MswErrorCode = {
  /** `checkMocks()` was given something that is not an MSW server or worker, or options it does not know. */
  InvalidArgument: 'CONTRACTTOOL_MSW_INVALID_ARGUMENT',
  /** `checkMocks()` ran outside any contracttool run and was not given a spec (a loaded one or a file path). */
  NoSpec: 'CONTRACTTOOL_MSW_NO_SPEC',
} as const

export type MswErrorCode = (typeof MswErrorCode)[keyof typeof MswErrorCode]

/**
 * Thrown for misuse of `@contracttool/msw`. `code` is one of `MswErrorCode`. `instanceof` recognises errors
 * of every copy of this package (ESM and CommonJS).
 *
 * @example
 * try {
 *   checkMocks(server)
 * } catch (error) {
 *   if (error instanceof MswCheckError) console.error(error.code)
 * }
 */
export const MswCheckError: ErrorClass<MswErrorCode> = errorClass('MswCheckError', 'msw')
export type MswCheckError = InstanceType<typeof MswCheckError>
