import { describe, expect, it } from 'vitest'
import { median, medianBounds } from './stats.mjs'

const oneTo = (n) => Array.from({ length: n }, (_, i) => i + 1)

describe('median', () => {
  it.each([
    { values: [], want: undefined },
    { values: [3], want: 3 },
    { values: [5, 1, 3], want: 3 },
    { values: [4, 1, 3, 2], want: 2.5 },
  ])('of $values is $want', ({ values, want }) => {
    expect(median(values)).toBe(want)
  })
})

describe('medianBounds', () => {
  // The ranks follow from Binomial(n, 1/2): the j-th order statistic is a bound at 95% when P(X < j) ≤ 5%.
  it.each([
    { n: 4, lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY }, // P(X = 0) = 6.25%
    { n: 5, lower: 1, upper: 5 }, // P(X = 0) = 3.1%
    { n: 7, lower: 1, upper: 7 }, // P(X ≤ 1) = 6.25%
    { n: 8, lower: 2, upper: 7 }, // P(X ≤ 1) = 3.5%
    { n: 9, lower: 2, upper: 8 },
    { n: 15, lower: 4, upper: 12 }, // P(X ≤ 3) = 1.8%, P(X ≤ 4) = 5.9%
    { n: 20, lower: 6, upper: 15 }, // P(X ≤ 5) = 2.1%, P(X ≤ 6) = 5.8%
  ])('with $n values, the 95% bounds are the values ranked $lower and $upper', ({ n, lower, upper }) => {
    const bounds = medianBounds(oneTo(n).reverse(), 0.95)
    expect([bounds.lower, bounds.upper]).toEqual([lower, upper])
  })

  it('widens with the confidence asked', () => {
    expect(medianBounds(oneTo(15), 0.9)).toMatchObject({ lower: 5, upper: 11 })
    expect(medianBounds(oneTo(15), 0.99)).toMatchObject({ lower: 3, upper: 13 })
  })

  it('does not move when the extreme values do', () => {
    const quiet = [0.01, 0.02, -0.01, 0.0, 0.03, 0.01, 0.02, -0.02, 0.01, 0.0, 0.02, 0.01, 0.0, 0.01, 0.02]
    const disturbed = [...quiet]
    disturbed[4] = 0.4 // one run hit by other work on the machine
    disturbed[7] = -0.3
    expect(medianBounds(disturbed)).toEqual(medianBounds(quiet))
  })

  it('holds the true median below the upper bound in at least 95% of samples', () => {
    // A fixed-seed generator (mulberry32) and a skewed distribution with a known median: exponential, ln 2.
    let seed = 0x2f6b1c3d
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const trueMedian = Math.LN2
    let below = 0
    let above = 0
    const samples = 4000
    for (let s = 0; s < samples; s++) {
      const values = Array.from({ length: 15 }, () => -Math.log(1 - random()))
      const { lower, upper } = medianBounds(values, 0.95)
      if (trueMedian <= upper) below++
      if (trueMedian >= lower) above++
    }
    // The exact coverage at n = 15 is 98.2% for each bound; 95% leaves room for sampling error.
    expect(below / samples).toBeGreaterThan(0.95)
    expect(above / samples).toBeGreaterThan(0.95)
    // And the bounds are not vacuous: the upper bound misses the median sometimes.
    expect(below).toBeLessThan(samples)
  })
})
