import { planPattern, runPattern } from './plan-pattern.js'

export interface CompiledPattern {
  /** True or false when `value` was tested; undefined when the pattern could not be evaluated on it in bounded time. */
  test(value: string): boolean | undefined
}

/**
 * Compiles a JSON Schema `pattern` (or `patternProperties` key) the way the validator runs it: never
 * backtracking catastrophically, whatever the pattern and the input. Returns undefined for a pattern
 * that is not a valid regular expression.
 *
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#name-pattern
 * @example
 * compilePattern('^x-')?.test('x-rate-limit') // true
 */
export function compilePattern(pattern: string): CompiledPattern | undefined {
  const plan = planPattern(pattern, 'u')
  if (plan.invalid !== undefined) return undefined
  return { test: (value) => runPattern(plan, value) }
}
