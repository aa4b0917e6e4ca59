// Rounds to one decimal, half away from zero, after trimming binary noise (so 26.65 rounds like the
// decimal it stands for).
export function round1(value: number): number {
  const scaled = Number((value * 10).toPrecision(15))
  return (scaled < 0 ? -Math.round(-scaled) : Math.round(scaled)) / 10
}

// `covered / total` as a percent rounded to one decimal; `empty` when total is 0.
export function percentOf(covered: number, total: number, empty = 0): number {
  return total > 0 ? round1((covered / total) * 100) : empty
}

// A number as reports print it: no trailing `.0` (`100`, `26.7`, `0`).
export function formatNumber(value: number): string {
  return Object.is(value, -0) ? '0' : String(value)
}

// `26.7`, `100`, `0`: the percent of covered/total, total 0 → `0`.
export function formatPercent(covered: number, total: number): string {
  return formatNumber(percentOf(covered, total))
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm
}
