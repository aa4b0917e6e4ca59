import { type PatternPlan, planPattern, refusesValue, runPattern } from '@contracttool/pattern/internal'
import type { CodeOptions } from 'ajv'

type RegExpEngine = NonNullable<CodeOptions['regExp']>

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
