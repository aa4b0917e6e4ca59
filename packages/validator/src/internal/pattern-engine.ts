import type { CodeOptions } from 'ajv'
import { analyzePattern, type PatternAnalysis } from './linear-regexp.js'

type RegExpEngine = NonNullable<CodeOptions['regExp']>

export interface PatternPlan {
  readonly native: RegExp | undefined
  readonly analysis: PatternAnalysis | undefined
  // Why the pattern does not compile (then every value passes it), else undefined.
  readonly invalid: string | undefined
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

function refusesValue(plan: PatternPlan, value: string): boolean {
  const { native, analysis } = plan
  return (
    native !== undefined &&
    analysis !== undefined &&
    value.length > analysis.nativeInputLimit &&
    analysis.matcher === undefined
  )
}

export interface PatternEngine {
  // Handed to Ajv as `code.regExp`: every `pattern` and `patternProperties` key goes through it.
  readonly regExp: RegExpEngine
  // True when the engine declined to evaluate `pattern` on `value` (so its `false` means "not evaluated").
  refuses(pattern: string, value: string): boolean
}

// The regular-expression engine of one Ajv instance. Ajv calls `pattern.test(value)` on strings from
// the response; a backtracking engine can take exponential or high-polynomial time on a pathological
// pattern, so every test runs where its cost is bounded (see `runPattern`). Patterns that are invalid
// even without the `u` flag are warned about and not checked.
export function createPatternEngine(warn: (key: string, message: string) => void): PatternEngine {
  const plans = new Map<string, PatternPlan>()
  const planFor = (pattern: string, flags: string): PatternPlan => {
    const key = `${flags}/${pattern}`
    let plan = plans.get(key)
    if (plan !== undefined) return plan
    plan = planPattern(pattern, flags)
    if (plan.invalid !== undefined) {
      warn(
        `invalid-pattern:${pattern}`,
        `[OpenAPI Schema] pattern ${JSON.stringify(pattern)} is not a valid regular expression (${plan.invalid}); values are not checked against it.`,
      )
    }
    plans.set(key, plan)
    return plan
  }
  const regExp = ((pattern: string, flags: string) => {
    const plan = planFor(pattern, flags)
    return {
      test: (value: string): boolean => runPattern(plan, value) === true,
      // Ajv deduplicates compiled patterns by this string.
      toString: () => `/${pattern}/${flags}`,
    }
  }) as RegExpEngine
  regExp.code = 'contracttoolPatternEngine'
  return {
    regExp,
    refuses(pattern: string, value: string): boolean {
      const plan = plans.get(`u/${pattern}`) ?? plans.get(`/${pattern}`)
      return plan !== undefined && refusesValue(plan, value)
    },
  }
}
