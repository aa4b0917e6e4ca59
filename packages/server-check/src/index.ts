export { ContractViolationError } from './contract-violation-error.js'
export { type DispatchCase, SKIP_HEADER } from './dispatch-case.js'
export { ServerChecker, takeSkipHeader } from './server-checker.js'
