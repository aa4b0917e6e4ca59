export {
  type ContractValidationHandle,
  type ContractValidationRouteConfig,
  contractValidation,
  type RegisteredRoute,
} from './contract-validation.js'
export { ContractViolationError } from './contract-violation-error.js'
export type { DispatchCase, DispatchResult } from './dispatch-case.js'
export { dispatchWithInject } from './dispatch-with-inject.js'
export { FastifyErrorCode } from './errors.js'
export { type ContractValidationOptions, SKIP_HEADER } from './internal/server-checker.js'
export {
  type ParityOperation,
  type ParityRoute,
  type RouteParity,
  type RouteParityOptions,
  routeParity,
} from './route-parity.js'
