// What the other contracttool packages share with this one, outside semver (see the README).
export { findEventDataSchema } from './find-event-data-schema.js'
export type { RemoteRefOptions } from './load-options.js'
export { EXTERNAL_DOCUMENTS_KEY, FIXED_METHODS, type OpenApiVersion } from './types.js'
