import { describe, expect, it } from 'vitest'
import {
  CompareUsageError,
  compareSamples,
  DEFAULT_ROUNDS,
  formatFigure,
  parseCompareArgs,
  times,
} from './compare.mjs'
import { ms } from './table.mjs'

describe('parseCompareArgs', () => {
  it.each([
    { args: [], want: { commit: 'HEAD', named: false, rounds: DEFAULT_ROUNDS } },
    { args: ['HEAD~3'], want: { commit: 'HEAD~3', named: true, rounds: DEFAULT_ROUNDS } },
    { args: ['--rounds', '9', 'abc123'], want: { commit: 'abc123', named: true, rounds: 9 } },
    { args: ['--rounds=5'], want: { commit: 'HEAD', named: false, rounds: 5 } },
  ])('reads $args', ({ args, want }) => {
    expect(parseCompareArgs(args)).toEqual(want)
  })

  it.each([
    { args: ['--help'], message: "Unknown option '--help'" },
    {
      args: ['--rounds', '4'],
      message: "--rounds must be an integer of at least 5 (fewer give no 95% bounds), got '4'",
    },
    { args: ['--rounds', 'many'], message: "got 'many'" },
    { args: ['--rounds', '7.5'], message: "got '7.5'" },
    { args: ['HEAD~1', 'HEAD~2'], message: 'one commit at most, got 2: HEAD~1 HEAD~2' },
  ])('refuses $args', ({ args, message }) => {
    expect(() => parseCompareArgs(args)).toThrow(CompareUsageError)
    expect(() => parseCompareArgs(args)).toThrow(message)
  })
})

describe('compareSamples', () => {
  const baseline = [100, 102, 98, 101, 99, 103, 97, 100, 104]

  it('finds the working tree slower when every round says so', () => {
    const c = compareSamples(
      baseline.map((b) => b * 1.2),
      baseline,
    )
    expect(c.verdict).toBe('slower')
    expect(c.ratio.median).toBeCloseTo(1.2)
    expect(c.ratio.lower).toBeGreaterThan(1)
    expect(c.working.median).toBeCloseTo(120)
    expect(c.baseline).toMatchObject({ median: 100, lower: 98, upper: 103, n: 9 })
  })

  it('finds it faster when the ratios stay below 1', () => {
    const c = compareSamples(
      baseline.map((b) => b * 0.8),
      baseline,
    )
    expect(c.verdict).toBe('faster')
    expect(c.ratio.upper).toBeLessThan(1)
  })

  it('gives no verdict when the ratios straddle 1', () => {
    const working = baseline.map((b, i) => b * (i % 2 === 0 ? 1.1 : 0.92))
    const c = compareSamples(working, baseline)
    expect(c.verdict).toBe('within noise')
    expect(c.ratio.lower).toBeLessThan(1)
    expect(c.ratio.upper).toBeGreaterThan(1)
  })

  it('pairs rounds, so a slow stretch of the machine that hits both builds does not decide', () => {
    // Rounds 5-9 ran on a busy machine (3× slower) for both builds; within each round the working tree is 5% slower.
    const slowed = baseline.map((b, i) => (i >= 4 ? b * 3 : b))
    const c = compareSamples(
      slowed.map((b) => b * 1.05),
      slowed,
    )
    expect(c.verdict).toBe('slower')
    expect(c.working.upper).toBeGreaterThan(c.baseline.lower * 2)
  })

  it('leaves out failed runs, and gives no verdict when fewer than 5 rounds finished on both builds', () => {
    const working = [120, undefined, 121, undefined, 119, undefined, 122, 118, undefined]
    const c = compareSamples(working, baseline)
    expect(c.ratio.n).toBe(5)
    expect(c.verdict).toBe('slower')
    const fewer = compareSamples(
      [120, undefined, 121, undefined, 119, undefined, 122, undefined, undefined],
      baseline,
    )
    expect(fewer.ratio.n).toBe(4)
    expect(fewer.verdict).toBe('no bounds')
  })
})

describe('formatFigure', () => {
  it.each([
    { figure: { median: 341.2, lower: 330, upper: 352.5 }, format: ms, want: '341 ms [330 ms – 353 ms]' },
    { figure: { median: 0.981, lower: 0.95, upper: 1.02 }, format: times, want: '0.981× [0.950× – 1.020×]' },
    {
      figure: { median: 2, lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY },
      format: ms,
      want: '2.0 ms',
    },
    { figure: { median: undefined }, format: ms, want: undefined },
  ])('prints $want', ({ figure, format, want }) => {
    expect(formatFigure(figure, format)).toBe(want)
  })
})
