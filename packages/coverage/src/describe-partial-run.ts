/**
 * Labels for the ways a Vitest run selects a subset of the suite. Other runners pass their own flags (Jest's
 * `--selectProjects`, node:test's `--test-name-pattern`) as reasons, with their name as `runner`.
 */
export const PARTIAL_RUN_REASONS = {
  testNamePattern: '-t/--testNamePattern',
  fileFilter: 'file filters',
  project: '--project',
  changed: '--changed',
  related: '--related',
  shard: '--shard',
} as const

export interface PartialRunOptions {
  /** The persistent outputs that were configured and are now skipped (`'JSON'`, `'HTML'`, `'$GITHUB_STEP_SUMMARY'`…). */
  readonly skippedOutputs?: readonly string[]
  /**
   * The runner whose filters made the run partial, as its users call it (`'Vitest'`, `'Jest'`, `'node:test'`).
   * Left out (a custom harness): the warning says "this is a partial run".
   */
  readonly runner?: string
}

export interface PartialRunDescription {
  /** True when at least one reason was given. */
  readonly partial: boolean
  /** Lines for stderr: the gate NOTE, then the skipped-outputs WARNING when outputs were configured. */
  readonly lines: readonly string[]
  readonly thresholdGateNote?: string
  readonly outputsWarning?: string
}

/**
 * The stderr lines for a partial run. A subset of the suite cannot prove a suite-wide coverage rate, so the
 * threshold gate is skipped, and persistent reports (files, step summary) are not written so subset data
 * never overwrites a full report. The console report is still printed. A shard is partial too: it writes
 * its sidecar and leaves the gate to `contracttool coverage:merge`.
 *
 * @example
 * const { lines } = describePartialRun([PARTIAL_RUN_REASONS.testNamePattern], { skippedOutputs: ['JSON'], runner: 'Vitest' })
 * for (const line of lines) process.stderr.write(`${line}\n`)
 */
export function describePartialRun(
  reasons: readonly string[],
  options: PartialRunOptions = {},
): PartialRunDescription {
  const unique = [...new Set(reasons.map((reason) => reason.trim()).filter((reason) => reason !== ''))]
  if (unique.length === 0) return { partial: false, lines: [] }
  const listed = unique.join(', ')
  // Every runner's shard flag: Vitest's and Jest's `--shard`, node:test's `--test-shard`.
  const rerun = unique.some((reason) => /(?:^|-)shard\b/.test(reason))
    ? 'Run the full suite, or merge the sidecars of every shard with `contracttool coverage:merge`, to evaluate the gate.'
    : 'Run the full suite to evaluate the gate.'
  const thresholdGateNote = `[OpenAPI Coverage] NOTE: the coverage threshold gate is skipped on partial runs (${listed}) because a subset cannot prove a suite-wide coverage rate. ${rerun}`
  const outputs = options.skippedOutputs ?? []
  if (outputs.length === 0) return { partial: true, lines: [thresholdGateNote], thresholdGateNote }
  const because =
    options.runner === undefined
      ? `this is a partial run (${listed})`
      : `${options.runner} is running a partial subset (${listed})`
  const outputsWarning = `[OpenAPI Coverage] WARNING: Skipping ${outputs.join(', ')} write because ${because}. Coverage reports are not written on partial runs to avoid overwriting persistent docs with subset data. Re-run the full suite to refresh.`
  return { partial: true, lines: [thresholdGateNote, outputsWarning], thresholdGateNote, outputsWarning }
}
