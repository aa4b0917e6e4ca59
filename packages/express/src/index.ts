export type { DispatchCase, DispatchResult } from '@contracttool/server-check'
export {
  type ContractValidationOptions,
  ContractViolationError,
  SKIP_HEADER,
} from '@contracttool/server-check'
export {
  type ContractValidationMiddleware,
  contractValidation,
  withoutContractValidation,
} from './contract-validation.js'
export { dispatchWithExpress, type ExpressDispatcher } from './dispatch-with-express.js'
export { ExpressErrorCode } from './errors.js'
export {
  type ParityOperation,
  type ParityRoute,
  type RouteParity,
  type RouteParityOptions,
  routeParity,
} from './route-parity.js'
