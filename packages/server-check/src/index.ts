export { ContractViolationError } from './contract-violation-error.js'
export { type DispatchCase, type DispatchResult, SKIP_HEADER } from './dispatch-case.js'
export { type ContractRuntimeProtocol, currentRuntime, RUNTIME_SLOT } from './runtime-protocol.js'
export {
  type ContractValidationOptions,
  ServerChecker,
  type SkipDirective,
  takeSkipHeader,
} from './server-checker.js'
