// Small order statistics for the report: the median, and distribution-free confidence bounds for it.

export function median(values) {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
function binomialHalfCdf(n, k) {
  let term = 0.5 ** n // P(X = 0)
  let sum = term
  for (let i = 1; i <= k; i++) {
    term = (term * (n - i + 1)) / i
    sum += term
  }
  return sum
}

/**
 * One-sided confidence bounds for the median of `values`, from the sign test: with n values sorted, the true
 * median lies above the (j+1)-th smallest with probability at least `confidence`, where j is the largest
 * count with P(Binomial(n, 1/2) ≤ j) ≤ 1 − confidence; and below the (j+1)-th largest, likewise. No
 * assumption on the shape of the distribution: a few runs disturbed by other work on the machine, however
 * far off, do not move the bounds while they stay among the j most extreme values. Too few values for any
 * bound at that confidence give −∞ … +∞.
 */
export function medianBounds(values, confidence = 0.95) {
  const sorted = [...values].sort((a, b) => a - b)
  const n = sorted.length
  const alpha = 1 - confidence
  let j = -1
  while (j + 1 < n && binomialHalfCdf(n, j + 1) <= alpha) j++
  if (j < 0) return { lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY }
  return { lower: sorted[j], upper: sorted[n - 1 - j] }
}
