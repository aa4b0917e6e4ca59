// The checks behind the matchers and the assertion functions. The package entry reaches them through this
// module, which its build replaces with checks-from-worker-core.ts: a test file that imports `openApiSpec()`
// must not load the validator, which the worker code already holds.
export {
  type CheckOutcome,
  checkRequest,
  checkResponse,
  type OpenApiCheckOptions,
} from './check-exchange.js'
export { describeConformance, describeViolations, diffValues } from './format-failure.js'
