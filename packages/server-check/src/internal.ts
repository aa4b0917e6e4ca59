// What the other contracttool packages share with this one, outside semver (see the README).
export type { DispatchResult } from './dispatch-case.js'
export type { ContractValidationOptions, SkipDirective } from './server-checker.js'
