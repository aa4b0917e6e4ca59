// The checks behind the matchers and the assertion functions: the harness's, run in the test file's runtime.
// Part of the worker bundle (worker-core.ts): the package entry reaches them through `worker.exports()`, so that a
// test file that imports `openApiSpec()` does not load the validator.
import {
  type CheckContext,
  type CheckOutcome,
  checkRequest as checkRequestIn,
  checkResponse as checkResponseIn,
  checkSchema as checkSchemaIn,
  detachedContext,
  type OpenApiCheckOptions,
  type SchemaCheckOutcome,
} from '@contracttool/harness/checks'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ContractTestingError, VitestErrorCode } from '../errors.js'
import { ContractRuntime } from './runtime.js'

export {
  describeConformance,
  describeViolations,
  diffValues,
  matcherResult,
  schemaMatcherResult,
} from '@contracttool/harness/checks'
export type { CheckOutcome, OpenApiCheckOptions }

/** Outside a `contractTesting()` run a check must be handed a loaded spec. */
const DETACHED: CheckContext = detachedContext(
  (spec, checkName) =>
    new ContractTestingError(
      VitestErrorCode.NotRegistered,
      `${checkName}() needs the contractTesting() plugin to look up ${spec === undefined ? 'the spec' : `spec '${spec}'`}, ` +
        'and it is not registered in this Vitest project. Add contractTesting({ specBasePath, specs }) to plugins ' +
        "in vitest.config.ts, or pass a loaded spec: { spec: await loadSpec('<name>', { basePath }) }.",
    ),
)

/** Validates the response a test holds (and its request when asked), and records both in the file's runtime. */
export function checkResponse(
  received: unknown,
  options: unknown,
  matcherName: string,
  task: object | undefined,
): CheckOutcome {
  return checkResponseIn(received, options, matcherName, ContractRuntime.current() ?? DETACHED, task)
}

/** Validates the request side of what a test holds and records it in the file's runtime. */
export function checkRequest(
  received: unknown,
  options: unknown,
  matcherName: string,
  task: object | undefined,
): CheckOutcome {
  return checkRequestIn(received, options, matcherName, ContractRuntime.current() ?? DETACHED, task)
}

/** Validates a value against a named schema of the spec the check resolves (nothing is recorded). */
export function checkSchema(
  value: unknown,
  schemaName: unknown,
  options: { readonly spec?: string | LoadedSpec } | undefined,
  matcherName: string,
): SchemaCheckOutcome {
  return checkSchemaIn(value, schemaName, options?.spec, matcherName, ContractRuntime.current() ?? DETACHED)
}
