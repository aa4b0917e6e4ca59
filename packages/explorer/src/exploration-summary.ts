import type { ExploredOperation } from './explored-operation.js'

/** An operation whole-spec exploration selected but could not explore, and why. */
export interface ExplorationSkip {
  readonly operation: ExploredOperation
  readonly reason: string
}

/**
 * The result of `exploreSpec(...).run()`.
 *
 * @example
 * const summary = await exploreSpec(spec).dispatchUsing(dispatch).run()
 * expect(summary.hasSkips()).toBe(false)
 */
export class ExplorationSummary {
  /** Operations whose cases all ran. */
  readonly executedOperations: number
  /** Cases dispatched (and asserted, when `assertResponseUsing` is set). */
  readonly executedCases: number
  readonly operations: readonly ExploredOperation[]
  readonly skips: readonly ExplorationSkip[]

  constructor(init: {
    readonly executedOperations: number
    readonly executedCases: number
    readonly operations: readonly ExploredOperation[]
    readonly skips: readonly ExplorationSkip[]
  }) {
    this.executedOperations = init.executedOperations
    this.executedCases = init.executedCases
    this.operations = Object.freeze([...init.operations])
    this.skips = Object.freeze([...init.skips])
    Object.freeze(this)
  }

  hasSkips(): boolean {
    return this.skips.length > 0
  }
}
