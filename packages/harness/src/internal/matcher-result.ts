import type { CheckOutcome } from './check-exchange.js'
import type { SchemaCheckOutcome } from './check-schema.js'
import { describeConformance, describeViolations, diffValues } from './format-failure.js'

/** What an `expect.extend()` matcher receives as `this`, in Vitest and in Jest alike (the parts used here). */
export interface MatcherContext {
  readonly isNot?: boolean | undefined
  readonly promise?: string | undefined
  readonly utils: {
    matcherHint(
      matcherName: string,
      received?: string,
      expected?: string,
      options?: { isNot?: boolean | undefined; promise?: string | undefined },
    ): string
  }
}

/** What a matcher returns: `actual` and `expected` make the runner draw a diff. */
export interface MatcherResult {
  readonly pass: boolean
  readonly message: () => string
  readonly actual?: unknown
  readonly expected?: unknown
}

/**
 * The result of a contract matcher (`toMatchOpenApiSchema`, …) for a check's outcome: the same hint line,
 * violations, received value and diff in every runner that has `expect.extend()`.
 */
export function matcherResult(state: MatcherContext, name: string, outcome: CheckOutcome): MatcherResult {
  const hint = () =>
    state.utils.matcherHint(`.${name}`, 'received', '', { isNot: state.isNot, promise: state.promise })
  if (!outcome.failed) return { pass: true, message: () => `${hint()}\n\n${describeConformance(outcome)}` }
  return {
    pass: false,
    message: () => `${hint()}\n\n${describeViolations(outcome)}`,
    ...diffValues(outcome),
  }
}

/** The result of `toSatisfySchemaInApiSpec(name)` for a schema check's outcome. */
export function schemaMatcherResult(
  state: MatcherContext,
  name: string,
  value: unknown,
  outcome: SchemaCheckOutcome,
): MatcherResult {
  const hint = () =>
    state.utils.matcherHint(`.${name}`, 'received', `'${outcome.schemaName}'`, {
      isNot: state.isNot,
      promise: state.promise,
    })
  if (!outcome.failed) return { pass: true, message: () => `${hint()}\n\n${outcome.conformance}` }
  return { pass: false, message: () => `${hint()}\n\n${outcome.message}`, actual: value }
}
