import { ContractToolError, isContractToolError } from '@contracttool/kernel'
import { describeArgument } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { Awaitable } from './awaitable.js'
import { type AuthenticateHook, applyCredentials, readCredentials } from './credentials.js'
import { deriveSeed } from './derive-seed.js'
import { type ExplorationSkip, ExplorationSummary } from './exploration-summary.js'
import { ExploredCase } from './explored-case.js'
import { ExploredOperation } from './explored-operation.js'
import { ExplorerErrorCode } from './explorer-error-code.js'
import { EXPLORER_METHODS, isExplorerMethod } from './explorer-method.js'
import { assertLoadedSpec, readCount, readSeed, readStatusClasses } from './internal/arguments.js'
import { CaseBuilder } from './internal/build-cases.js'
import { planOperation } from './internal/plan-operation.js'
import { assertExplorablePaths } from './internal/preflight-paths.js'
import { UngeneratableError } from './internal/schema-env.js'
import { SelfValidator } from './internal/self-validator.js'
import { OperationSelector } from './operation-selector.js'

export interface ExploreSpecOptions {
  /** Cases generated per operation (default 30). */
  readonly casesPerOperation?: number
  /** Global seed (default 0); each operation derives its own from it (see `deriveSeed`). */
  readonly seed?: number
}

type OperationHook = (operation: ExploredOperation) => Awaitable<void>

/**
 * Starts a whole-spec exploration: every selected operation gets `casesPerOperation` generated
 * cases, dispatched through your hooks. Per operation the hooks run in this order:
 * `setUpUsing(op)`, `authenticateUsing(op)` (its returned `Credentials` are merged into each case),
 * then per case `mutateCasesUsing(case, op)`, `dispatchUsing(case, op)`,
 * `assertResponseUsing(response, case, op)`, and finally `tearDownUsing(op)`, always (in a
 * `finally`). Each operation's seed is `deriveSeed([spec.name, method, path, seed])`, so the same
 * seed gives the same cases whatever the filters.
 *
 * @example
 * const summary = await exploreSpec(spec, { casesPerOperation: 5, seed: 42 })
 *   .includeTags(['pets'])
 *   .authenticateUsing(() => ({ headers: { Authorization: 'Bearer test-token' } }))
 *   .dispatchUsing((c) => fetch(`${baseUrl}${c.uri()}`, { method: c.method, headers: c.headers }))
 *   .assertResponseUsing((res) => expect(res.status).toBeLessThan(500))
 *   .run()
 */
export function exploreSpec(spec: LoadedSpec, options: ExploreSpecOptions = {}): SpecExploration {
  return new SpecExploration(spec, options)
}

/** The builder `exploreSpec` returns. Filters come from `OperationSelector`. */
export class SpecExploration<TResponse = unknown> extends OperationSelector {
  readonly #spec: LoadedSpec
  readonly #casesPerOperation: number
  readonly #seed: number
  #negativeClasses: readonly number[] | undefined
  #setUp: OperationHook | undefined
  #authenticate: AuthenticateHook | undefined
  #mutate: ((exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<ExploredCase>) | undefined
  #dispatch: ((exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<unknown>) | undefined
  #assert:
    | ((response: TResponse, exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<void>)
    | undefined
  #tearDown: OperationHook | undefined

  constructor(spec: LoadedSpec, options: ExploreSpecOptions = {}) {
    super()
    assertLoadedSpec('exploreSpec', spec)
    this.#spec = spec
    this.#casesPerOperation = readCount('exploreSpec', 'casesPerOperation', options.casesPerOperation, 30)
    this.#seed = readSeed('exploreSpec', options.seed)
  }

  /** Switches to invalid cases (one broken keyword each) that expect these status classes. */
  negativeCases(expectedStatusClasses: readonly number[]): this {
    this.#negativeClasses = readStatusClasses('negativeCases()', expectedStatusClasses)
    return this
  }

  setUpUsing(hook: OperationHook): this {
    this.#setUp = checkHook('setUpUsing', hook)
    return this
  }

  authenticateUsing(hook: AuthenticateHook): this {
    this.#authenticate = checkHook('authenticateUsing', hook)
    return this
  }

  /** Replaces each case before dispatch; the hook must return an `ExploredCase` (use the `with*` copies). */
  mutateCasesUsing(
    hook: (exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<ExploredCase>,
  ): this {
    this.#mutate = checkHook('mutateCasesUsing', hook)
    return this
  }

  /** Sends a case; whatever it returns is handed to `assertResponseUsing`. Required. */
  dispatchUsing<T>(
    hook: (exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<T>,
  ): SpecExploration<T> {
    this.#dispatch = checkHook('dispatchUsing', hook)
    return this as unknown as SpecExploration<T>
  }

  assertResponseUsing(
    hook: (response: TResponse, exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<void>,
  ): this {
    this.#assert = checkHook('assertResponseUsing', hook)
    return this
  }

  tearDownUsing(hook: OperationHook): this {
    this.#tearDown = checkHook('tearDownUsing', hook)
    return this
  }

  /** Generates, dispatches and asserts every selected operation's cases. */
  async run(): Promise<ExplorationSummary> {
    const dispatch = this.#dispatch
    if (dispatch === undefined) {
      throw new ContractToolError(
        ExplorerErrorCode.DispatcherMissing,
        'Whole-spec exploration requires dispatchUsing() before run().',
        { specName: this.#spec.name },
      )
    }
    const spec = this.#spec
    assertExplorablePaths(spec)
    const validator = new SelfValidator(spec)
    const operations: ExploredOperation[] = []
    const skips: ExplorationSkip[] = []
    let selected = 0
    let executedCases = 0
    for (const indexed of spec.operations) {
      const operation = ExploredOperation.fromIndexed(
        spec.name,
        indexed,
        deriveSeed([spec.name, indexed.method, indexed.path, this.#seed]),
      )
      if (!this.matchesFilters(operation)) continue
      selected++
      const method = indexed.isAdditional ? undefined : indexed.method
      if (method === undefined || !isExplorerMethod(method)) {
        skips.push({
          operation,
          reason: `HTTP method is not supported by the explorer. Supported: ${EXPLORER_METHODS.join(', ')}.`,
        })
        continue
      }
      let cases: ExploredCase[]
      try {
        const builder = new CaseBuilder(
          spec,
          validator,
          planOperation(spec.name, indexed, method),
          operation.seed,
        )
        const classes = this.#negativeClasses
        cases = Array.from({ length: this.#casesPerOperation }, (_, index) =>
          classes === undefined ? builder.validCase(index) : builder.invalidCase(index, classes),
        )
      } catch (error) {
        if (!(error instanceof UngeneratableError)) throw error
        skips.push({ operation, reason: error.message })
        continue
      }
      executedCases += await this.#runOperation(operation, cases, dispatch)
      operations.push(operation)
    }
    if (selected === 0) {
      throw new ContractToolError(
        ExplorerErrorCode.FiltersMatchedNothing,
        `Whole-spec exploration filters matched no operations in spec '${spec.name}'.`,
        { specName: spec.name },
      )
    }
    return new ExplorationSummary({ executedOperations: operations.length, executedCases, operations, skips })
  }

  async #runOperation(
    operation: ExploredOperation,
    cases: readonly ExploredCase[],
    dispatch: (exploredCase: ExploredCase, operation: ExploredOperation) => Awaitable<unknown>,
  ): Promise<number> {
    let executed = 0
    try {
      await this.#setUp?.(operation)
      const credentials = readCredentials(await this.#authenticate?.(operation))
      for (const generated of cases) {
        let current = applyCredentials(generated, credentials)
        try {
          if (this.#mutate !== undefined) {
            const mutated: unknown = await this.#mutate(current, operation)
            if (!(mutated instanceof ExploredCase)) {
              throw new ContractToolError(
                ExplorerErrorCode.MutationNotACase,
                `mutateCasesUsing() must return an ExploredCase (use the case's with* copies), received ${describeArgument(mutated)} for ${operation.coverageKey()} case ${current.caseIndex}.`,
                { specName: operation.specName },
              )
            }
            current = mutated
          }
          const response = await dispatch(current, operation)
          await this.#assert?.(response as TResponse, current, operation)
          executed++
        } catch (error) {
          if (isContractToolError(error) && error.code === ExplorerErrorCode.MutationNotACase) throw error
          throw new ContractToolError(
            ExplorerErrorCode.ExplorationFailed,
            this.#failureMessage(operation, current, error),
            {
              specName: operation.specName,
              cause: error,
            },
          )
        }
      }
    } finally {
      await this.#tearDown?.(operation)
    }
    return executed
  }

  #failureMessage(operation: ExploredOperation, exploredCase: ExploredCase, error: unknown): string {
    const negative = this.#negativeClasses
    const replay =
      negative === undefined
        ? `exploreEndpoint(spec, '${operation.method}', '${operation.path}', { cases: ${exploredCase.caseIndex + 1}, seed: ${operation.seed} })`
        : `exploreInvalidEndpoint(spec, '${operation.method}', '${operation.path}', { expectedStatusClasses: [${negative.join(', ')}], cases: ${exploredCase.caseIndex + 1}, seed: ${operation.seed} })`
    const cause = error instanceof Error ? error.message : String(error)
    return [
      'Whole-spec exploration failed.',
      `Spec: ${operation.specName}`,
      `Operation: ${operation.operationId ?? '(none)'}`,
      `Method/path: ${operation.method} ${operation.path}`,
      `Global seed: ${this.#seed}`,
      `Operation seed: ${operation.seed}`,
      `Case: ${exploredCase.caseIndex}`,
      `Replay: ${replay}`,
      `Curl: ${exploredCase.curl()}`,
      `Cause: ${cause.split('\n')[0]}`,
    ].join('\n')
  }
}

function checkHook<T>(call: string, hook: T): T {
  if (typeof hook !== 'function') {
    throw new ContractToolError(
      ExplorerErrorCode.InvalidOption,
      `${call}() expects a function, received ${describeArgument(hook)}.`,
    )
  }
  return hook
}
