import type { ContractCheckFailure } from './contract-check-failure.js'
import type { ContractCheckSkip } from './contract-check-skip.js'

/**
 * What `report()` returns once every probe ran: assert on it afterwards.
 *
 * @example
 * const report = await plan.report()
 * expect(report.describeFailures()).toBe('')
 */
export class ContractCheckReport {
  readonly failures: readonly ContractCheckFailure[]
  readonly skips: readonly ContractCheckSkip[]
  /** Dispatched requests, control requests included. */
  readonly dispatchedProbes: number
  /** Distinct path templates with at least one dispatched request. */
  readonly probedPaths: number

  constructor(init: {
    readonly failures: readonly ContractCheckFailure[]
    readonly skips: readonly ContractCheckSkip[]
    readonly dispatchedProbes: number
    readonly probedPaths: number
  }) {
    this.failures = Object.freeze([...init.failures])
    this.skips = Object.freeze([...init.skips])
    this.dispatchedProbes = init.dispatchedProbes
    this.probedPaths = init.probedPaths
    Object.freeze(this)
  }

  hasFailures(): boolean {
    return this.failures.length > 0
  }

  hasSkips(): boolean {
    return this.skips.length > 0
  }

  /** Every failure's `describe()`, one after the other; `''` when there is none. */
  describeFailures(): string {
    return this.failures.map((failure) => failure.describe()).join('\n')
  }
}
