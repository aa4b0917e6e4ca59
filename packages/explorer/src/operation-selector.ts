import { ContractToolError } from '@contracttool/kernel'
import { FIXED_METHODS } from '@contracttool/spec-loader/internal'
import { ExplorerErrorCode } from './explorer-error-code.js'

/** What the filters look at: an `ExploredOperation` has all of it. */
export interface SelectableOperation {
  readonly method: string
  readonly path: string
  readonly operationId: string | null
  readonly tags: readonly string[]
  readonly deprecated: boolean
}

interface FilterLists {
  includeTags: readonly string[] | undefined
  excludeTags: readonly string[] | undefined
  includeMethods: readonly string[] | undefined
  excludeMethods: readonly string[] | undefined
  includePaths: readonly string[] | undefined
  excludePaths: readonly string[] | undefined
  includeOperations: readonly string[] | undefined
  excludeOperations: readonly string[] | undefined
}

/**
 * The operation filters shared by whole-spec exploration and contract checks. Each call replaces
 * the previous list of its kind. Tags match on any overlap; methods compare fixed methods
 * case-insensitively and 3.2 `additionalOperations` keys verbatim; paths are exact templates;
 * operations are exact `operationId`s (an operation without one never matches an include list).
 * Deprecated operations are left out unless `includeDeprecated()` is called. Evaluation order:
 * deprecated, includeTags, excludeTags, includeMethods, excludeMethods, includePaths, excludePaths,
 * includeOperations, excludeOperations.
 *
 * @example
 * exploreSpec(spec).includeTags(['pets']).excludeMethods(['DELETE']).includeDeprecated()
 */
export abstract class OperationSelector {
  readonly #lists: FilterLists = {
    includeTags: undefined,
    excludeTags: undefined,
    includeMethods: undefined,
    excludeMethods: undefined,
    includePaths: undefined,
    excludePaths: undefined,
    includeOperations: undefined,
    excludeOperations: undefined,
  }
  #includeDeprecated = false

  includeTags(tags: readonly string[]): this {
    this.#lists.includeTags = stringList('includeTags', tags)
    return this
  }

  excludeTags(tags: readonly string[]): this {
    this.#lists.excludeTags = stringList('excludeTags', tags)
    return this
  }

  includeMethods(methods: readonly string[]): this {
    this.#lists.includeMethods = stringList('includeMethods', methods).map(canonicalMethod)
    return this
  }

  excludeMethods(methods: readonly string[]): this {
    this.#lists.excludeMethods = stringList('excludeMethods', methods).map(canonicalMethod)
    return this
  }

  includePaths(paths: readonly string[]): this {
    this.#lists.includePaths = stringList('includePaths', paths)
    return this
  }

  excludePaths(paths: readonly string[]): this {
    this.#lists.excludePaths = stringList('excludePaths', paths)
    return this
  }

  includeOperations(operationIds: readonly string[]): this {
    this.#lists.includeOperations = stringList('includeOperations', operationIds)
    return this
  }

  excludeOperations(operationIds: readonly string[]): this {
    this.#lists.excludeOperations = stringList('excludeOperations', operationIds)
    return this
  }

  includeDeprecated(include = true): this {
    if (typeof include !== 'boolean') {
      throw new ContractToolError(
        ExplorerErrorCode.InvalidOption,
        `includeDeprecated() expects a boolean, received ${typeof include}.`,
      )
    }
    this.#includeDeprecated = include
    return this
  }

  /** True when the operation passes every configured filter. */
  protected matchesFilters(operation: SelectableOperation): boolean {
    const lists = this.#lists
    if (operation.deprecated && !this.#includeDeprecated) return false
    if (lists.includeTags !== undefined && !operation.tags.some((tag) => lists.includeTags?.includes(tag)))
      return false
    if (lists.excludeTags !== undefined && operation.tags.some((tag) => lists.excludeTags?.includes(tag)))
      return false
    if (lists.includeMethods !== undefined && !lists.includeMethods.includes(operation.method)) return false
    if (lists.excludeMethods?.includes(operation.method)) return false
    if (lists.includePaths !== undefined && !lists.includePaths.includes(operation.path)) return false
    if (lists.excludePaths?.includes(operation.path)) return false
    if (
      lists.includeOperations !== undefined &&
      (operation.operationId === null || !lists.includeOperations.includes(operation.operationId))
    ) {
      return false
    }
    if (operation.operationId !== null && lists.excludeOperations?.includes(operation.operationId))
      return false
    return true
  }
}

function stringList(call: string, values: readonly string[]): readonly string[] {
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
    throw new ContractToolError(ExplorerErrorCode.InvalidOption, `${call}() expects a list of strings.`)
  }
  return Object.freeze([...values])
}

function canonicalMethod(method: string): string {
  return (FIXED_METHODS as readonly string[]).includes(method.toLowerCase()) ? method.toUpperCase() : method
}
