export type { Awaitable } from './awaitable.js'
export { type AuthenticateHook, applyCredentials, type Credentials, readCredentials } from './credentials.js'
export { deriveSeed } from './derive-seed.js'
export { type ExplorationSkip, ExplorationSummary } from './exploration-summary.js'
export {
  type ExploreEndpointOptions,
  type ExploreInvalidEndpointOptions,
  exploreEndpoint,
  exploreInvalidEndpoint,
} from './explore-endpoint.js'
export {
  type ExerciseRecorder,
  ExploredResponse,
  type ExploreResponsesOptions,
  exploreResponses,
  type ResponseExploration,
  type ResponseExplorationSkip,
} from './explore-responses.js'
export { type ExploreSpecOptions, exploreSpec, SpecExploration } from './explore-spec.js'
export { type CaseKind, ExploredCase, type ExploredCaseInit, type QueryValue } from './explored-case.js'
export { ExploredOperation } from './explored-operation.js'
export { ExplorerErrorCode } from './explorer-error-code.js'
export { EXPLORER_METHODS, type ExplorerMethod, isExplorerMethod } from './explorer-method.js'
export { OperationSelector, type SelectableOperation } from './operation-selector.js'
