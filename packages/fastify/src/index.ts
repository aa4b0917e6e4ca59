export type { DispatchCase, DispatchResult } from '@contracttool/server-check'
export {
  type ContractValidationOptions,
  ContractViolationError,
  SKIP_HEADER,
} from '@contracttool/server-check'
export {
  type ContractValidationHandle,
  type ContractValidationRouteConfig,
  contractValidation,
  type RegisteredRoute,
} from './contract-validation.js'
export { dispatchWithInject } from './dispatch-with-inject.js'
export { FastifyErrorCode } from './errors.js'
export {
  type ParityOperation,
  type ParityRoute,
  type RouteParity,
  type RouteParityOptions,
  routeParity,
} from './route-parity.js'
