// What the other contracttool packages share with this one, outside semver (see the README).
export type { CoverageJsonDocument } from './coverage-json.js'
export { NO_COVERAGE_RECORDED } from './evaluate-thresholds.js'
export { MOCK_COVERAGE_TITLE } from './internal/mock-coverage-title.js'
export type { SidecarLock } from './lock-sidecars.js'
export { hasThresholds, type Thresholds } from './parse-thresholds.js'
export type { SidecarEnvelope } from './sidecar-envelope.js'
export type { CoverageState } from './types.js'
