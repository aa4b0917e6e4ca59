import { ContractToolError } from '@contracttool/kernel'
import { schemaTypeOf } from '@contracttool/kernel/internal'
import { ValidatorErrorCode } from '../validator-error-code.js'
import type { SpecState } from './spec-state.js'

export interface SkipPattern {
  readonly source: string
  readonly regexp: RegExp
}

// Compiles status skip patterns: each a regular expression without delimiters, anchored as `^(?:p)$`
// over the decimal status. Empty and invalid patterns are refused up front, naming their index.
export function compileSkipPatterns(
  option: string,
  patterns: unknown,
  cache: Map<string, RegExp>,
): readonly SkipPattern[] {
  if (!Array.isArray(patterns)) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidOption,
      `${option} must be a list of strings, got ${schemaTypeOf(patterns)}.`,
    )
  }
  return patterns.map((pattern, index) => {
    if (typeof pattern !== 'string') {
      throw new ContractToolError(
        ValidatorErrorCode.InvalidOption,
        `${option}[${index}] must be a string, got ${schemaTypeOf(pattern)}.`,
      )
    }
    if (pattern.trim() === '') {
      throw new ContractToolError(
        ValidatorErrorCode.InvalidOption,
        `${option}[${index}] must not be an empty string.`,
      )
    }
    let regexp = cache.get(pattern)
    if (regexp === undefined) {
      try {
        regexp = new RegExp(`^(?:${pattern})$`)
      } catch (error) {
        throw new ContractToolError(
          ValidatorErrorCode.InvalidOption,
          `${option}[${index}] is not a valid regex pattern "${pattern}": ${(error as Error).message}`,
          { cause: error },
        )
      }
      cache.set(pattern, regexp)
    }
    return { source: pattern, regexp }
  })
}

// Answers per compiled list and status (`null`: no pattern matches): a suite sees a handful of statuses.
const answers = new WeakMap<readonly SkipPattern[], Map<number, SkipPattern | null>>()

// The first pattern matching `status`, if any.
export function findSkipPattern(patterns: readonly SkipPattern[], status: number): SkipPattern | undefined {
  if (patterns.length === 0) return undefined
  let byStatus = answers.get(patterns)
  if (byStatus === undefined) {
    byStatus = new Map()
    answers.set(patterns, byStatus)
  }
  let found = byStatus.get(status)
  if (found === undefined) {
    const literal = String(status)
    found = patterns.find((pattern) => pattern.regexp.test(literal)) ?? null
    byStatus.set(status, found)
  }
  return found ?? undefined
}

// The compiled patterns of an option value, memoized per spec and per list object (callers pass the
// same list on every call), so the hot path allocates nothing. Invalid lists are never cached: they
// throw on every call. `option` names the option (a constant): it is the memo key as is.
export function skipPatternsFor(state: SpecState, option: string, patterns: unknown): readonly SkipPattern[] {
  let byList = state.memo.get(option) as WeakMap<object, readonly SkipPattern[]> | undefined
  if (byList === undefined) {
    byList = new WeakMap()
    state.memo.set(option, byList)
  }
  const key = typeof patterns === 'object' && patterns !== null ? patterns : undefined
  const cached = key === undefined ? undefined : byList.get(key)
  if (cached !== undefined) return cached
  let regexps = state.memo.get('skip-regexps') as Map<string, RegExp> | undefined
  if (regexps === undefined) {
    regexps = new Map()
    state.memo.set('skip-regexps', regexps)
  }
  const compiled = compileSkipPatterns(option, patterns, regexps)
  if (key !== undefined) byList.set(key, compiled)
  return compiled
}
