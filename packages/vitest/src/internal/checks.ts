// The checks behind the matchers and the assertion functions: the harness's, run in the test file's runtime.
// Part of the worker code (worker-core.ts): the package entry reaches them through `workerCode()`, so that a
// test file that imports `openApiSpec()` does not load the validator.
import {
  type CheckContext,
  type CheckOutcome,
  checkRequest as checkRequestIn,
  checkResponse as checkResponseIn,
  detachedContext,
  type OpenApiCheckOptions,
} from '@contracttool/harness/checks'
import { ContractTestingError, VitestErrorCode } from '../errors.js'
import { ContractRuntime } from './runtime.js'

export {
  describeConformance,
  describeViolations,
  diffValues,
  matcherResult,
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
