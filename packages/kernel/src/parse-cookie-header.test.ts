import { describe, expect, it } from 'vitest'
import { parseCookieHeader } from './parse-cookie-header.js'

describe('parseCookieHeader', () => {
  it.each([
    { given: undefined, want: undefined },
    { given: null, want: undefined },
    { given: '', want: {} },
    { given: 'session=abc', want: { session: 'abc' } },
    { given: ' a = 1 ;b=2; ', want: { a: '1', b: '2' } },
    { given: 'theme=dark%20blue', want: { theme: 'dark blue' } },
    { given: 'broken=%E0%A4%A', want: { broken: '%E0%A4%A' } },
    { given: 'a=1; a=2', want: { a: '1' } },
    { given: 'a=1; a=%', want: { a: '1' } },
    { given: 'flag; =x; b=', want: { b: '' } },
    { given: 'token=a=b', want: { token: 'a=b' } },
    { given: 'quoted="a b"', want: { quoted: '"a b"' } },
  ])('$given → $want', ({ given, want }) => {
    expect(parseCookieHeader(given)).toEqual(want)
  })

  it('keeps names of Object.prototype as own keys of a record without prototype', () => {
    const cookies = parseCookieHeader('__proto__=polluted; constructor=c; toString=t')
    expect(Object.getPrototypeOf(cookies)).toBeNull()
    expect(Object.entries(cookies ?? {})).toEqual([
      ['__proto__', 'polluted'],
      ['constructor', 'c'],
      ['toString', 't'],
    ])
    expect(parseCookieHeader('theme=dark')?.constructor).toBeUndefined()
  })
})
