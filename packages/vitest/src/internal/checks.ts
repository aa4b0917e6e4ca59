// The checks behind the matchers and the assertion functions: the harness's, run in the test file's runtime.
// Part of the worker bundle (worker-core.ts): the package entry reaches them through `worker.exports()`, so that a
// test file that imports `openApiSpec()` does not load the validator.
import type { CheckContext } from '@contracttool/exchange/internal'
import {
  type CheckOutcome,
  checkRequest as checkRequestIn,
  checkResponse as checkResponseIn,
  checkSchema as checkSchemaIn,
  detachedContext,
  type OpenApiCheckOptions,
  type SchemaCheckOutcome,
} from '@contracttool/harness/checks'
import { bindingError } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ContractRuntime } from './runtime.js'
import { VITEST_WORDS } from './vitest-words.js'

export {
  describeConformance,
  describeViolations,
  diffValues,
  matcherResult,
  schemaMatcherResult,
} from '@contracttool/harness/checks'
export type { CheckOutcome, OpenApiCheckOptions }

/** Outside a `contractTesting()` run a check must be handed a loaded spec. */
const DETACHED: CheckContext = detachedContext((spec, checkName) =>
  bindingError(VITEST_WORDS, { kind: 'check-unregistered', checkName, spec }),
)

/** The context of the test file's checks, or `DETACHED` outside a plugin run. */
const context = (): CheckContext => ContractRuntime.current()?.run.context ?? DETACHED

/** Validates the response a test holds (and its request when asked), and records both in the file's runtime. */
export function checkResponse(
  received: unknown,
  options: unknown,
  matcherName: string,
  task: object | undefined,
): CheckOutcome {
  return checkResponseIn(received, options, matcherName, context(), task)
}

/** Validates the request side of what a test holds and records it in the file's runtime. */
export function checkRequest(
  received: unknown,
  options: unknown,
  matcherName: string,
  task: object | undefined,
): CheckOutcome {
  return checkRequestIn(received, options, matcherName, context(), task)
}

/** Validates a value against a named schema of the spec the check resolves (nothing is recorded). */
export function checkSchema(
  value: unknown,
  schemaName: unknown,
  options: { readonly spec?: string | LoadedSpec } | undefined,
  matcherName: string,
): SchemaCheckOutcome {
  return checkSchemaIn(value, schemaName, options?.spec, matcherName, context())
}
