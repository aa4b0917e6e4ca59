import { createRequire } from 'node:module'
import type * as Checks from './checks.js'

export type { CheckOutcome, OpenApiCheckOptions } from './checks.js'

// Stands in for checks.ts in the built package entry (see tsup.config.ts): the checks run in the worker
// code bundle, next to this file once built. In a test file the setup file has already compiled it and
// left it in the require cache, so the matchers and the assertion functions share one validator and its
// compiled schemas; elsewhere (other test runners, scripts) Node loads it on the first check.
type WorkerCore = typeof Checks

// Loaded code, not run state: the per-file state lives in the runtime the setup file installs.
let core: WorkerCore | undefined

function workerCore(): WorkerCore {
  core ??= createRequire(import.meta.url)('./worker-core.cjs') as WorkerCore
  return core
}

export const checkResponse: typeof Checks.checkResponse = (...args) => workerCore().checkResponse(...args)
export const checkRequest: typeof Checks.checkRequest = (...args) => workerCore().checkRequest(...args)
export const describeConformance: typeof Checks.describeConformance = (...args) =>
  workerCore().describeConformance(...args)
export const describeViolations: typeof Checks.describeViolations = (...args) =>
  workerCore().describeViolations(...args)
export const diffValues: typeof Checks.diffValues = (...args) => workerCore().diffValues(...args)
export const matcherResult: typeof Checks.matcherResult = (...args) => workerCore().matcherResult(...args)
