import { ContractToolError, type ContractToolErrorDetails, recognizeEveryCopy } from '@contracttool/kernel'

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

const BRAND = Symbol.for('contracttool.msw.error')

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
export class MswCheckError extends ContractToolError {
  override readonly name: string = 'MswCheckError'
  declare readonly code: MswErrorCode

  constructor(code: MswErrorCode, message: string, details: ContractToolErrorDetails = {}) {
    super(code, message, details)
    Object.defineProperty(this, BRAND, { value: true })
  }
}

recognizeEveryCopy(MswCheckError, BRAND)
