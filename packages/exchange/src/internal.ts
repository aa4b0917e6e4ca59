// What the other contracttool packages share with this one, outside semver (see the README).

export type { ExchangeParts } from './build-exchange.js'
export type { CheckContext } from './check-context.js'
export type { AxiosResponseLike } from './read-axios-response.js'
export type { NodeServerRequest } from './read-node-exchange.js'
export type { SuperagentResponse } from './read-superagent-response.js'
export {
  currentRunRuntime,
  installRunRuntime,
  type RunRuntime,
  type TestEndQueue,
} from './run-runtime.js'
