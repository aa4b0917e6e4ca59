// What the other contracttool packages share with this one, outside semver (see the README).
export type { Awaitable } from './awaitable.js'
export { type AuthenticateHook, applyCredentials, readCredentials } from './credentials.js'
export { ExploredOperation } from './explored-operation.js'
export { EXPLORER_METHODS, type ExplorerMethod, isExplorerMethod } from './explorer-method.js'
export { OperationSelector } from './operation-selector.js'
