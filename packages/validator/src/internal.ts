// What the other contracttool packages share with this one, outside semver (see the README).
export { decodeBody } from './decode-body.js'
export { firstHeader } from './internal/header-values.js'
export { EXCHANGE, type SchemaCodeCache } from './types.js'
