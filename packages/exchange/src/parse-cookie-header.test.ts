import { describe, expect, it } from 'vitest'
import { parseCookieHeader } from './parse-cookie-header.js'

describe('parseCookieHeader', () => {
  it.each([
    { given: undefined, want: undefined },
    { given: null, want: undefined },
    { given: '', want: undefined },
    { given: 'session=abc', want: { session: 'abc' } },
    { given: ' a = 1 ;b=2; ', want: { a: '1', b: '2' } },
    { given: 'theme=dark%20blue', want: { theme: 'dark blue' } },
    { given: 'broken=%E0%A4%A', want: { broken: '%E0%A4%A' } },
    { given: 'a=1; a=2', want: { a: '2' } },
    { given: 'flag; =x; b=', want: { b: '' } },
    { given: 'token=a=b', want: { token: 'a=b' } },
  ])('$given → $want', ({ given, want }) => {
    expect(parseCookieHeader(given)).toEqual(want)
  })
})
