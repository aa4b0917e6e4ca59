import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ChaiPluginError` can carry. Each one is listed under "Error codes" in the package README (a test
 * keeps the two in sync).
 */
export const ChaiPluginErrorCode = {
  /** An assertion ran outside any contracttool run and was not handed a loaded spec. */
  NoRun: 'CONTRACTTOOL_CHAI_NO_RUN',
  /** `chaiContractTesting` was called with something that is not chai (instead of being passed to `chai.use()`). */
  InvalidArgument: 'CONTRACTTOOL_CHAI_INVALID_ARGUMENT',
} as const

export type ChaiPluginErrorCode = (typeof ChaiPluginErrorCode)[keyof typeof ChaiPluginErrorCode]

/**
 * Thrown for misuse of `@contracttool/chai`. `code` is one of `ChaiPluginErrorCode`. `instanceof` recognises
 * errors of every copy of this package (ESM and CommonJS).
 *
 * @example
 * try {
 *   expect(res).to.matchOpenApiSchema()
 * } catch (error) {
 *   if (error instanceof ChaiPluginError) console.error(error.code)
 * }
 */
export const ChaiPluginError: ErrorClass<ChaiPluginErrorCode> = errorClass('ChaiPluginError', 'chai')
export type ChaiPluginError = InstanceType<typeof ChaiPluginError>
