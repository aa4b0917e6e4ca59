import type { IndexedOperation } from '@contracttool/spec-loader'

/**
 * The operation a case was generated for, as hooks and summaries see it.
 *
 * @example
 * exploreSpec(spec).setUpUsing((operation) => seedDatabaseFor(operation.coverageKey()))
 */
export class ExploredOperation {
  readonly specName: string
  /** Fixed methods upper case (`GET`), 3.2 `additionalOperations` keys verbatim. */
  readonly method: string
  /** The path template as written in `paths`. */
  readonly path: string
  readonly operationId: string | null
  readonly tags: readonly string[]
  /** True only when the operation says `deprecated: true`. */
  readonly deprecated: boolean
  /** The seed derived for this operation (see `deriveSeed`). */
  readonly seed: number

  constructor(init: {
    readonly specName: string
    readonly method: string
    readonly path: string
    readonly operationId?: string | null | undefined
    readonly tags?: readonly string[]
    readonly deprecated?: boolean
    readonly seed: number
  }) {
    this.specName = init.specName
    this.method = init.method
    this.path = init.path
    this.operationId = init.operationId ?? null
    this.tags = Object.freeze([...(init.tags ?? [])])
    this.deprecated = init.deprecated === true
    this.seed = init.seed
    Object.freeze(this)
  }

  /** Builds the record of an indexed operation of `specName`. */
  static fromIndexed(specName: string, operation: IndexedOperation, seed: number): ExploredOperation {
    return new ExploredOperation({
      specName,
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId,
      tags: operation.tags,
      deprecated: operation.deprecated,
      seed,
    })
  }

  /** `"<METHOD> <path>"`, the endpoint key coverage reports use. */
  coverageKey(): string {
    return `${this.method} ${this.path}`
  }
}
