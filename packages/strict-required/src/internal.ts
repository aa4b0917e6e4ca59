// What the other contracttool packages share with this one, outside semver (see the README).
export type { StrictAdditionalPropertiesStateV1, StrictRequiredStateV2 } from './types.js'
