import { largestSafeLength } from './internal/backtracking-bound.js'
import { compileLinearMatcher, type LinearMatcher } from './internal/linear-matcher.js'
import { type PatternNode, parsePattern, startsAnchored } from './parse-pattern.js'

export interface PatternAnalysis {
  // The pattern uses a construct only a backtracking engine can evaluate (backreference, lookaround).
  readonly unsupported: boolean
  // The longest input the native (backtracking) engine may be given: on any longer input its worst-case
  // work, bounded from the pattern's structure, could pass `NATIVE_STEP_BUDGET`. -1 when no input is
  // safe (a quantified part can match one text in several ways: `(a+)+`, `(a|ab)*`).
  readonly nativeInputLimit: number
  // The linear-time matcher, when the pattern is within the supported subset.
  readonly matcher: LinearMatcher | undefined
}

export interface PatternPlan {
  readonly native: RegExp | undefined
  readonly analysis: PatternAnalysis | undefined
  // Why the pattern does not compile (then every value passes it), else undefined.
  readonly invalid: string | undefined
}

// Parses and analyses `pattern` (already known to compile natively with `flags`).
export function analyzePattern(pattern: string, flags: string): PatternAnalysis {
  const unicode = flags.includes('u')
  let ast: PatternNode
  try {
    ast = parsePattern(pattern, unicode)
  } catch {
    return { unsupported: true, nativeInputLimit: -1, matcher: undefined }
  }
  const unsupported = containsLookaroundOrBackreference(ast)
  const nativeInputLimit = largestSafeLength(ast, pattern.length)
  return {
    unsupported,
    nativeInputLimit,
    matcher: unsupported ? undefined : compileLinearMatcher(ast, unicode, startsAnchored(ast)),
  }
}

// Compiles `pattern` with `flags`; many OpenAPI patterns predate the `u` flag (`[\w-.]`), so one that
// is invalid with it is read without it, the way its author did.
export function planPattern(pattern: string, flags: string): PatternPlan {
  let native: RegExp
  let effectiveFlags = flags
  try {
    native = new RegExp(pattern, flags)
  } catch {
    try {
      native = new RegExp(pattern, '')
      effectiveFlags = ''
    } catch (error) {
      return { native: undefined, analysis: undefined, invalid: (error as Error).message }
    }
  }
  return { native, analysis: analyzePattern(pattern, effectiveFlags), invalid: undefined }
}

// Tests `value` with the native engine only where its worst case on this length is bounded
// (`nativeInputLimit`), else with the linear-time matcher. Returns undefined when neither may run (a
// backreference or lookaround past that length: not evaluated), true for an invalid pattern (not checked).
export function runPattern(plan: PatternPlan, value: string): boolean | undefined {
  const { native, analysis } = plan
  if (native === undefined || analysis === undefined) return true
  if (value.length <= analysis.nativeInputLimit) return native.test(value)
  return analysis.matcher?.test(value)
}

// True when `runPattern(plan, value)` declines to evaluate (so its answer means "not evaluated").
export function refusesValue(plan: PatternPlan, value: string): boolean {
  const { native, analysis } = plan
  return (
    native !== undefined &&
    analysis !== undefined &&
    value.length > analysis.nativeInputLimit &&
    analysis.matcher === undefined
  )
}

function containsLookaroundOrBackreference(node: PatternNode): boolean {
  switch (node.type) {
    case 'lookaround':
    case 'backreference':
      return true
    case 'sequence':
    case 'alternation':
      return node.items.some(containsLookaroundOrBackreference)
    case 'repeat':
      return containsLookaroundOrBackreference(node.node)
    default:
      return false
  }
}
