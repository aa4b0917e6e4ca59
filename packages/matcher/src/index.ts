export {
  compareRoutes,
  type ParityOperation,
  type ParityRoute,
  ROUTE_PARITY_IGNORED_METHODS,
  type RouteParity,
  type RouteParityOptions,
} from './compare-routes.js'
export { createPathMatcher } from './create-path-matcher.js'
export { findMultiSegmentParameters } from './find-multi-segment-parameters.js'
export { findServersBasePathHint } from './find-servers-base-path-hint.js'
export { definedMethods, formatMethodNotDefined } from './format-method-not-defined.js'
export {
  formatNoMatchingPath,
  type NoMatchingPathReport,
  reportNoMatchingPath,
} from './format-no-matching-path.js'
export { getPathMatcher, usePathMatcher } from './get-path-matcher.js'
export { levenshtein } from './internal/levenshtein.js'
export { isTemplateInstance, templatePlaceholders } from './is-template-instance.js'
export { matchOperation } from './match-operation.js'
export { MatcherErrorCode } from './matcher-error-code.js'
export { readServers, type SpecServers } from './read-servers.js'
export { suggestClosestPaths } from './suggest-closest-paths.js'
export type {
  MatchOptions,
  NormalizedRequestPath,
  OperationMatch,
  PathMatch,
  PathMatcher,
  PathMatcherOptions,
  PathSuggestion,
  ServerBasePath,
  ServerProblem,
  ServersBasePathHint,
} from './types.js'
