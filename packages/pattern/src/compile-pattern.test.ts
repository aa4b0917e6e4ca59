import { describe, expect, it } from 'vitest'
import { compilePattern } from './compile-pattern.js'

describe('compilePattern', () => {
  it.each([
    ['^x-', 'x-rate-limit', true],
    ['^x-', 'rate-limit', false],
    // Invalid with the `u` flag, read without it as its author did.
    ['^[\\w-.]+$', 'a.b-c', true],
    ['^[\\w-.]+$', 'a b', false],
  ])('tests %s on %j: %s', (pattern, value, want) => {
    expect(compilePattern(pattern)?.test(value)).toBe(want)
  })

  it('returns undefined for a pattern that is not a regular expression', () => {
    expect(compilePattern('(')).toBeUndefined()
  })

  // Each of these took from seconds to minutes on the backtracking engine (`^(a+)+$` on 29 characters:
  // 2.8 s, doubling per character; the counted runs on 5,000: 90 s; the lookaround on 100,000: 80 s). The
  // bound is the test's timeout, generous for a shared machine.
  it('answers in bounded time whatever the pattern and the input', { timeout: 20_000 }, () => {
    const a = (n: number) => 'a'.repeat(n)
    expect(compilePattern('^(a+)+$')?.test(`${a(28)}!`)).toBe(false)
    expect(compilePattern('^(a+)+$')?.test(`${a(100_000)}!`)).toBe(false)
    expect(compilePattern('^(a+)+$')?.test(a(100_000))).toBe(true)
    expect(compilePattern('^a{0,2000}a{0,2000}a{0,2000}$')?.test(a(5_000))).toBe(true)
    expect(compilePattern('^a{0,2000}a{0,2000}a{0,2000}$')?.test(a(6_001))).toBe(false)
    // A lookaround needs the backtracking engine: past the length where its work is bounded, not evaluated.
    expect(compilePattern('a*(?=c)')?.test(a(100_000))).toBeUndefined()
    expect(compilePattern('a*(?=c)')?.test('aac')).toBe(true)
  })
})
