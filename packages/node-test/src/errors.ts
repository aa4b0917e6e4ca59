import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `NodeTestError` can carry: what only this binding meets (misuse every binding can meet is a
 * `ContractRunError` of `@contracttool/harness`). Each one is listed under "Error codes" in the package README (a
 * test keeps the two in sync).
 */
export const NodeTestErrorCode = {
  /** The test files run without the reporter that finishes the run. */
  ReporterMissing: 'CONTRACTTOOL_NODE_TEST_REPORTER_MISSING',
} as const
export type NodeTestErrorCode = (typeof NodeTestErrorCode)[keyof typeof NodeTestErrorCode]

/**
 * Thrown for misuse of `@contracttool/node-test`. `code` is one of `NodeTestErrorCode`. `instanceof`
 * recognises errors of every copy of this package (ESM and CommonJS).
 *
 * @example
 * try {
 *   await run()
 * } catch (error) {
 *   if (error instanceof NodeTestError && error.code === NodeTestErrorCode.ReporterMissing) console.error(error.message)
 * }
 */
export const NodeTestError: ErrorClass<NodeTestErrorCode> = errorClass('NodeTestError', 'node-test')
export type NodeTestError = InstanceType<typeof NodeTestError>
