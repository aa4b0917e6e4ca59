import { describe, expect, it } from 'vitest'
import { analyzePattern } from './plan-pattern.js'

const CASES: readonly (readonly [string, string])[] = [
  ['^(a+)+$', 'aaaa'],
  ['^(a+)+$', 'aaab'],
  ['^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$', 'aGVsbG8='],
  ['^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$', 'aGVsbG8'],
  ['github', 'xx github yy'],
  ['^\\d+\\.\\d+\\.\\d+$', '1.22.3'],
  ['^\\d+\\.\\d+\\.\\d+$', '1.2.'],
  ['\\bfoo\\b', 'a foo b'],
  ['\\bfoo\\b', 'afoob'],
  ['^[a-z]{2,3}$', 'abcd'],
  ['^[a-z]{2,}?$', 'abcd'],
  ['^(ab|a)*c$', 'ababac'],
  ['^\\p{L}+$', 'héllo'],
  ['^ssh-(rsa|dss|ed25519) |^ecdsa-sha2-nistp(256|384|521) ', 'ecdsa-sha2-nistp384 AAA'],
  ['a|', 'zzz'],
  ['^$', ''],
  ['x*$', 'yyy'],
  ['^😀.$', '😀é'],
  ['^[^\\s]+$', 'no-space'],
  ['^[\\w.-]+@(?<host>[\\w-]+\\.)+[a-z]{2,}$', 'a.b@example.org'],
  ['^\\u0041\\x42\\u{43}$', 'ABC'],
]

describe('linear-time pattern matcher', () => {
  it.each(CASES)('%s on %j agrees with the native engine', (pattern, input) => {
    const analysis = analyzePattern(pattern, 'u')
    expect(analysis.matcher).toBeDefined()
    expect(analysis.matcher?.test(input)).toBe(new RegExp(pattern, 'u').test(input))
  })

  it.each([
    // A quantified part that matches one text in several ways: exponential, so only tiny inputs.
    ['^(a+)+$', 5],
    ['^(a|aa)*$', 8],
    ['^(a?b?)*$', 5],
    // Polynomial: the limit shrinks with every independent choice (three counted runs in a row).
    ['^a{0,2000}a{0,2000}a{0,2000}$', 42],
    ['a*(?=c)', 789],
    ['^\\d*\\d*x$', 576],
    ['^[a-z]+$', 555_555],
    // No choice at all: any length.
    ['^(?:abc){2}$', 2 ** 30],
  ])('lets the native engine test %s on inputs up to %i characters', (pattern, limit) => {
    expect(analyzePattern(pattern, 'u').nativeInputLimit).toBe(limit)
  })

  it.each(['^(a)\\1$', '^(?=a)a$', '^(?<!b)a$', '^(?<x>a)\\k<x>$'])(
    'leaves %s (backreference or lookaround) to the native engine',
    (pattern) => {
      expect(analyzePattern(pattern, 'u')).toMatchObject({ unsupported: true, matcher: undefined })
    },
  )

  it('answers a catastrophic pattern on a megabyte input', () => {
    expect(analyzePattern('^(a|aa)+$', 'u').matcher?.test(`${'a'.repeat(1_000_000)}b`)).toBe(false)
  })
})
