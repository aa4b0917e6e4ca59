export {
  type ContractValidationMiddleware,
  contractValidation,
  withoutContractValidation,
} from './contract-validation.js'
export { ContractViolationError } from './contract-violation-error.js'
export type { DispatchCase, DispatchResult } from './dispatch-case.js'
export { dispatchWithExpress, type ExpressDispatcher } from './dispatch-with-express.js'
export { ExpressErrorCode } from './errors.js'
export { type ContractValidationOptions, SKIP_HEADER } from './internal/server-checker.js'
export {
  type ParityOperation,
  type ParityRoute,
  type RouteParity,
  type RouteParityOptions,
  routeParity,
} from './route-parity.js'
