import { describe, expect, it } from 'vitest'
import { percentDecode } from './percent-decode.js'

describe('percentDecode', () => {
  it.each([
    { given: 'plain', want: 'plain' },
    { given: 'dark%20blue', want: 'dark blue' },
    { given: '%E2%9D%A4', want: '❤' },
    { given: 'a+b', want: 'a+b' },
    { given: '100%', want: '100%' },
    { given: '%zz', want: '%zz' },
    { given: '%E0%A4%A', want: '%E0%A4%A' },
  ])('$given → $want', ({ given, want }) => {
    expect(percentDecode(given)).toBe(want)
  })
})
