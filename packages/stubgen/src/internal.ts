// What the other contracttool packages share with this one, outside semver (see the README).
export { DEFAULT_APP_MODULE } from './resolve-app-import.js'
export type { StubAdapter, StubModuleFormat, StubRunner } from './types.js'
