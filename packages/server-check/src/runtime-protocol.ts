import type { LoadedSpec } from '@contracttool/spec-loader'
import type {
  RequestValidationOptions,
  ResponseValidationOptions,
  ValidationResult,
} from '@contracttool/validator'

/**
 * The part of `@contracttool/vitest`'s per-file runtime a server-side adapter uses. The runtime sits in a
 * `Symbol.for('contracttool.runtime')` slot on `globalThis`, so adapters reach it without importing the
 * Vitest integration (and work unchanged without it).
 */
export interface ContractRuntimeProtocol {
  /** The spec to use: the given name, else the `openApiSpec()` binding of the running test, else `defaultSpec`. */
  resolveSpec(name: string | undefined): LoadedSpec
  responseOptions(extraSkipResponseCodes?: readonly string[]): ResponseValidationOptions
  requestOptions(responseStatus: number | undefined): RequestValidationOptions
  /** `path` is the request path as sent: a matcher checking the same response in the same test does not count it again. */
  recordResponse(spec: LoadedSpec, result: ValidationResult, body: unknown, path: string): void
  recordRequest(result: ValidationResult): void
  /** Fails the running test when it ends. */
  fail(error: Error): void
}

/** The `globalThis` slot `@contracttool/vitest` installs each test file's runtime in. */
export const RUNTIME_SLOT: unique symbol = Symbol.for('contracttool.runtime') as never

/** The runtime of the Vitest test file being run, if `contractTesting()` is active in this process. */
export function currentRuntime(): ContractRuntimeProtocol | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[RUNTIME_SLOT] as ContractRuntimeProtocol | undefined
}
