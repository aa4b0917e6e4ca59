import type { CodeOptions } from 'ajv'
import { analyzePattern, type PatternAnalysis } from './linear-regexp.js'

type RegExpEngine = NonNullable<CodeOptions['regExp']>

// Inputs up to this length go to the native engine when the pattern cannot backtrack badly.
export const NATIVE_INPUT_LIMIT = 5_000
// Patterns the linear matcher cannot run (backreferences, lookarounds) still run natively up to this length…
export const UNSUPPORTED_INPUT_LIMIT = 100_000
// …or up to this length when they also nest quantifiers (exponential backtracking is possible).
export const UNSUPPORTED_RISKY_INPUT_LIMIT = 20

interface Plan {
  readonly native: RegExp | undefined
  readonly analysis: PatternAnalysis | undefined
}

function runLinear(plan: Plan, value: string): boolean {
  const matcher = plan.analysis?.matcher
  return matcher === undefined ? true : matcher.test(value)
}

export interface PatternEngine {
  // Handed to Ajv as `code.regExp`: every `pattern` and `patternProperties` key goes through it.
  readonly regExp: RegExpEngine
  // True when the engine declined to evaluate `pattern` on `value` (so its `false` means "not evaluated").
  refuses(pattern: string, value: string): boolean
}

// The regular-expression engine of one Ajv instance. Ajv calls `pattern.test(value)` on strings from
// the response; a backtracking engine can take exponential time on a pathological pattern, so:
// patterns that nest quantifiers (or chain unbounded ones) and every input longer than
// `NATIVE_INPUT_LIMIT` run on the linear-time matcher; patterns it cannot run (backreferences,
// lookarounds) run natively only up to a length bound and are otherwise reported as not evaluated.
// Patterns that are invalid even without the `u` flag are warned about and not checked.
export function createPatternEngine(warn: (key: string, message: string) => void): PatternEngine {
  const plans = new Map<string, Plan>()
  const planFor = (pattern: string, flags: string): Plan => {
    const key = `${flags}/${pattern}`
    let plan = plans.get(key)
    if (plan !== undefined) return plan
    let native: RegExp | undefined
    let effectiveFlags = flags
    try {
      native = new RegExp(pattern, flags)
    } catch {
      // Many OpenAPI patterns predate the `u` flag (`[\w-.]`): read them the way their authors did.
      try {
        native = new RegExp(pattern, '')
        effectiveFlags = ''
      } catch (error) {
        warn(
          `invalid-pattern:${pattern}`,
          `[OpenAPI Schema] pattern ${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message}); values are not checked against it.`,
        )
      }
    }
    plan = { native, analysis: native === undefined ? undefined : analyzePattern(pattern, effectiveFlags) }
    plans.set(key, plan)
    return plan
  }
  const decide = (plan: Plan, value: string): 'native' | 'linear' | 'refuse' | 'skip' => {
    const { native, analysis } = plan
    if (native === undefined || analysis === undefined) return 'skip'
    if (!analysis.risky && value.length <= NATIVE_INPUT_LIMIT) return 'native'
    if (analysis.matcher !== undefined) return 'linear'
    const limit = analysis.risky ? UNSUPPORTED_RISKY_INPUT_LIMIT : UNSUPPORTED_INPUT_LIMIT
    return value.length <= limit ? 'native' : 'refuse'
  }
  const regExp = ((pattern: string, flags: string) => {
    const plan = planFor(pattern, flags)
    return {
      test(value: string): boolean {
        switch (decide(plan, value)) {
          case 'native':
            return (plan.native as RegExp).test(value)
          case 'linear':
            return runLinear(plan, value)
          case 'refuse':
            return false
          default:
            return true
        }
      },
      // Ajv deduplicates compiled patterns by this string.
      toString: () => `/${pattern}/${flags}`,
    }
  }) as RegExpEngine
  regExp.code = 'contracttoolPatternEngine'
  return {
    regExp,
    refuses(pattern: string, value: string): boolean {
      const plan = plans.get(`u/${pattern}`) ?? plans.get(`/${pattern}`)
      return plan !== undefined && decide(plan, value) === 'refuse'
    },
  }
}
