import type { LoadedSpec } from '@contracttool/spec-loader'
import type {
  RequestValidationOptions,
  ResponseValidationOptions,
  ValidationResult,
} from '@contracttool/validator'

/**
 * The run a check belongs to: where the spec comes from, the configured validation options, and where the
 * results are recorded. A runner's per-file runtime is one, `createContractRun()` is another; assertions that
 * plug into any run (`@contracttool/chai`) find it as `currentRunRuntime()?.checks`.
 */
export interface CheckContext {
  /**
   * The spec a check names (`undefined`: none named), for the test `task` when the runner has one;
   * `checkName` (`toMatchOpenApiSchema`) is for messages.
   */
  resolveSpec(explicit: string | undefined, task: object | undefined, checkName: string): LoadedSpec
  /** Response validation options, with a single call's extra skip patterns appended. */
  responseOptions(extraSkipResponseCodes: readonly string[]): ResponseValidationOptions
  /** Request validation options; `responseStatus` lets a documented 400/422 downgrade request violations. */
  requestOptions(responseStatus: number | undefined): RequestValidationOptions
  /** The run's `validateRequest`. */
  readonly validateRequest: boolean
  recordCheckedResponse(spec: LoadedSpec, result: ValidationResult, body: unknown, path: string): void
  recordRequest(result: ValidationResult): void
}
