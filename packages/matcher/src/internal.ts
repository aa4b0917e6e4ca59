// What the other contracttool packages share with this one, outside semver (see the README).
export {
  type ParityOperation,
  type ParityRoute,
  ROUTE_PARITY_IGNORED_METHODS,
  type RouteParity,
  type RouteParityOptions,
} from './compare-routes.js'
export type { OperationMatch, ServerBasePath } from './types.js'
