// The pure parts of `src/compare.mjs`: its command line, the cases it runs, and the comparison of two builds'
// samples (medians, sign-test bounds, and a verdict only when the bounds exclude "no change").
import { parseArgs } from 'node:util'
import { median, medianBounds } from './stats.mjs'
import { ms, us } from './table.mjs'

export const COMPARE_USAGE =
  'usage: node src/compare.mjs [<commit>] [--rounds N]   (default: HEAD, 15 rounds)'

export const DEFAULT_ROUNDS = 15
// Fewer values than this give no 95% sign-test bound (P(Binomial(4, 1/2) = 0) = 6.25%).
const MIN_ROUNDS = 5

export class CompareUsageError extends Error {
  name = 'CompareUsageError'
}

/**
 * `{ commit, named, rounds }` from the command line: the commit to compare with (`HEAD` when none is named:
 * nothing is released yet, so the last commit stands for "the last release") and the number of rounds.
 * Throws a `CompareUsageError` naming the bad input.
 */
export function parseCompareArgs(args) {
  let parsed
  try {
    parsed = parseArgs({
      args,
      options: { rounds: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CompareUsageError(error.message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1)
    throw new CompareUsageError(`one commit at most, got ${positionals.length}: ${positionals.join(' ')}`)
  let rounds = DEFAULT_ROUNDS
  if (values.rounds !== undefined) {
    if (!/^\d+$/.test(values.rounds) || Number(values.rounds) < MIN_ROUNDS)
      throw new CompareUsageError(
        `--rounds must be an integer of at least ${MIN_ROUNDS} (fewer give no 95% bounds), got '${values.rounds}'`,
      )
    rounds = Number(values.rounds)
  }
  const commit = positionals[0]
  return { commit: commit ?? 'HEAD', named: commit !== undefined, rounds }
}

/**
 * The figures compared: our own spec load of the GitHub REST description (scenario 1) and our response
 * validation of the recorded GitHub responses (scenario 3), first pass and steady state. One case script
 * run gives every figure of its case.
 */
export const COMPARE_CASES = [
  {
    id: 'load',
    script: 'load.mjs',
    args: () => ['--tool', 'ours', '--spec', 'github'],
    figures: [{ label: 'load GitHub REST', field: 'ms', format: ms }],
  },
  {
    id: 'validate',
    script: 'validate.mjs',
    args: ({ corpusFile }) => [
      '--tool',
      'ours',
      '--spec',
      'github',
      '--corpus-file',
      corpusFile,
      '--strip-prefix',
      '',
      '--budget',
      '1000',
    ],
    figures: [
      { label: 'validate GitHub fixtures, first pass', field: 'firstPassMs', format: ms },
      { label: 'validate GitHub fixtures, steady (per response)', field: 'steadyUs', format: us },
    ],
  },
]

function summary(values) {
  const { lower, upper } = medianBounds(values)
  return { median: median(values), lower, upper, n: values.length }
}

/**
 * Compares per-round samples of one figure, lower is better: `working[i]` and `baseline[i]` were measured in
 * the same round (undefined when that run failed). Each build gets its median with one-sided 95% sign-test
 * bounds; the rounds' ratios working / baseline get theirs, and the verdict is `faster` or `slower` only
 * when those bounds exclude 1, else `within noise` (or `no bounds` when too few rounds finished on both).
 */
export function compareSamples(working, baseline) {
  const paired = working
    .map((w, i) => [w, baseline[i]])
    .filter(([w, b]) => Number.isFinite(w) && Number.isFinite(b) && b > 0)
  const ratio = summary(paired.map(([w, b]) => w / b))
  const verdict =
    paired.length < MIN_ROUNDS
      ? 'no bounds'
      : ratio.upper < 1
        ? 'faster'
        : ratio.lower > 1
          ? 'slower'
          : 'within noise'
  return {
    working: summary(working.filter(Number.isFinite)),
    baseline: summary(baseline.filter(Number.isFinite)),
    ratio,
    verdict,
  }
}

/** `median [lower – upper]` in the figure's unit; bounds left out when there are none. */
export function formatFigure({ median: m, lower, upper }, format) {
  if (m === undefined) return undefined
  return Number.isFinite(lower) && Number.isFinite(upper)
    ? `${format(m)} [${format(lower)} – ${format(upper)}]`
    : format(m)
}

export const times = (value) => `${value.toFixed(3)}×`
