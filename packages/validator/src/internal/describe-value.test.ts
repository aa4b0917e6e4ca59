import { describe, expect, it } from 'vitest'
import { describeValue, previewValue } from './describe-value.js'

describe('describeValue', () => {
  it.each([
    [42, '42 (number)'],
    ['1', '"1" (string)'],
    [null, 'null'],
    [true, 'true (boolean)'],
    [[], '[] (array)'],
    [{ a: [1, { b: 'c' }] }, '{"a":[1,{"b":"c"}]} (object)'],
    ['x'.repeat(100), `"${'x'.repeat(59)}… (string)`],
    [
      Array.from({ length: 1000 }, (_, i) => i),
      `[${Array.from({ length: 30 }, (_, i) => i)
        .join(',')
        .slice(0, 59)}… (array)`,
    ],
  ])('%j → %s', (value, want) => {
    expect(describeValue(value)).toBe(want)
  })

  it('costs the budget, not the size, on huge values', () => {
    const huge = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]))
    expect(previewValue(huge, 20)).toBe('{"k0":0,"k1":1,"k2":…')
  })
})
