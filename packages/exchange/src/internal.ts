// What the other contracttool packages share with this one, outside semver (see the README).
export type { NodeServerRequest } from './read-node-exchange.js'
export type { SuperagentResponse } from './read-superagent-response.js'
