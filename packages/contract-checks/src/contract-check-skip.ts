import type { ContractCheck } from './contract-check.js'

/**
 * A probe that was not dispatched, and why.
 *
 * @example
 * report.skips.map((skip) => `${skip.check} ${skip.method ?? '*'} ${skip.path}: ${skip.reason}`)
 */
export interface ContractCheckSkip {
  readonly check: ContractCheck
  readonly path: string
  /** Null for path-level skips (`unsupported_method`). */
  readonly method: string | null
  readonly reason: string
}
