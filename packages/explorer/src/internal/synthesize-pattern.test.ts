import { describe, expect, it } from 'vitest'
import { createRandom } from './random.js'
import { UngeneratableError } from './schema-env.js'
import { synthesizePattern } from './synthesize-pattern.js'

describe('synthesizePattern: supported subset', () => {
  it.each([
    '^[a-z]{3}-\\d{4}$',
    '^t-[a-z0-9]{4}$',
    '^(?:cat|dog|bird)s?$',
    '^(?<year>\\d{4})-(?<month>0[1-9]|1[0-2])$',
    '^[A-Z][a-z]+(?: [A-Z][a-z]+)*$',
    '^\\w+@\\w+\\.com$',
    '^[^\\s@]+@[^\\s@]+$',
    '^\\+?[0-9]{7,15}$',
    '^[\\u0041-\\u0046]{2}\\x2D\\.$',
    'abc',
    '[0-9a-f]{8}',
    '^(a|b|c){2,}x*y+z?$',
    '^.{5,8}$',
    '^[-_a-z]+$',
  ])('generates matches of %s', (source) => {
    const pattern = synthesizePattern(source)
    const random = createRandom(11)
    for (const mode of ['short', 'long', 'random', 'random', 'random'] as const) {
      expect(pattern.generate(random, mode)).toMatch(new RegExp(source, 'u'))
    }
  })

  it.each([
    { source: '^abc$', start: true, end: true },
    { source: 'abc$', start: false, end: true },
    { source: '^a|^b', start: true, end: false },
    { source: 'abc', start: false, end: false },
  ])('knows whether $source is anchored', ({ source, start, end }) => {
    const pattern = synthesizePattern(source)
    expect([pattern.anchoredStart, pattern.anchoredEnd]).toEqual([start, end])
  })
})

describe('synthesizePattern: outside the subset', () => {
  it.each([
    { source: '^(?=.*\\d)\\w+$', detail: 'lookaround assertions' },
    { source: '^(?!admin)\\w+$', detail: 'lookaround assertions' },
    { source: '(?<=a)b', detail: 'lookaround assertions' },
    { source: '^(a)\\1$', detail: 'backreferences' },
    { source: '\\bword\\b', detail: 'word boundaries (\\b)' },
    { source: '^\\p{L}+$', detail: 'Unicode property escapes' },
    { source: '(', detail: 'not a valid ECMA-262 regular expression' },
  ])('refuses $source naming $detail', ({ source, detail }) => {
    expect(() => synthesizePattern(source)).toThrow(UngeneratableError)
    expect(() => synthesizePattern(source)).toThrow(detail)
  })

  it('names the pattern in the message', () => {
    expect(() => synthesizePattern('^(?=x)y$')).toThrowErrorMatchingInlineSnapshot(
      `[UngeneratableError: String pattern '^(?=x)y$' is outside the explorer's supported synthesis subset (lookaround assertions).]`,
    )
  })
})
