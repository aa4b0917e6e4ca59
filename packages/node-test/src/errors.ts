import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `NodeTestError` can carry. Each one is listed under "Error codes" in the package README (a
 * test keeps the two in sync).
 */
export const NodeTestErrorCode = {
  /** An assertion names a spec, or `openApiSpec()` was called, in a process `register` did not set up. */
  NotRegistered: 'CONTRACTTOOL_NODE_TEST_NOT_REGISTERED',
  /** The test files run without the reporter that finishes the run. */
  ReporterMissing: 'CONTRACTTOOL_NODE_TEST_REPORTER_MISSING',
  /** `openApiSpec()` with an empty name, or a name that is not in `specs`. */
  InvalidBinding: 'CONTRACTTOOL_NODE_TEST_INVALID_BINDING',
} as const
export type NodeTestErrorCode = (typeof NodeTestErrorCode)[keyof typeof NodeTestErrorCode]

/**
 * Thrown for misuse of `@contracttool/node-test`. `code` is one of `NodeTestErrorCode`. `instanceof`
 * recognises errors of every copy of this package (ESM and CommonJS).
 *
 * @example
 * try {
 *   openApiSpec('')
 * } catch (error) {
 *   if (error instanceof NodeTestError) console.error(error.code)
 * }
 */
export const NodeTestError: ErrorClass<NodeTestErrorCode> = errorClass('NodeTestError', 'node-test')
export type NodeTestError = InstanceType<typeof NodeTestError>
