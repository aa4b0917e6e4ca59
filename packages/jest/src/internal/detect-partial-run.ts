import { isProjectSelectionFull } from '@contracttool/harness'

/** The parts of Jest's global config (Jest 29 and 30) that tell whether a run selects a subset of the suite. */
export interface JestSelection {
  /** Jest 30: `jest <path>` / `--testPathPatterns` (an object holding `patterns`). */
  readonly testPathPatterns?: { readonly patterns?: readonly string[] } | undefined
  /** Jest 29: the same, as one regular expression source (`''` when none). */
  readonly testPathPattern?: string | undefined
  readonly testNamePattern?: string | undefined
  readonly onlyChanged?: boolean | undefined
  readonly changedSince?: string | undefined
  readonly lastCommit?: boolean | undefined
  readonly onlyFailures?: boolean | undefined
  readonly findRelatedTests?: boolean | undefined
  readonly selectProjects?: readonly string[] | undefined
  readonly ignoreProjects?: readonly string[] | undefined
  readonly shard?: { readonly shardIndex: number; readonly shardCount: number } | undefined
  readonly watch?: boolean | undefined
}

/**
 * Why this Jest run is a subset of the suite, one reason per signal; empty for a full run. A subset cannot
 * prove suite-wide facts, so gates and persistent reports are skipped on partial runs.
 * `treatProjectFilterAsFull` lifts the `--selectProjects` signal.
 */
export function detectPartialRun(
  selection: JestSelection,
  treatProjectFilterAsFull: boolean | readonly string[],
): string[] {
  const reasons: string[] = []
  const paths =
    selection.testPathPatterns?.patterns ?? (selection.testPathPattern ? [selection.testPathPattern] : [])
  if (paths.length > 0) reasons.push(`test path patterns (${paths.join(', ')})`)
  if (selection.testNamePattern) reasons.push(`-t ${selection.testNamePattern}`)
  const selected = selection.selectProjects ?? []
  if (selected.length > 0 && !isProjectSelectionFull(selected, treatProjectFilterAsFull)) {
    reasons.push(`--selectProjects ${selected.join(', ')}`)
  }
  if ((selection.ignoreProjects ?? []).length > 0 && treatProjectFilterAsFull !== true) {
    reasons.push(`--ignoreProjects ${selection.ignoreProjects?.join(', ')}`)
  }
  if (selection.changedSince) reasons.push(`--changedSince ${selection.changedSince}`)
  else if (selection.lastCommit === true) reasons.push('--lastCommit')
  else if (selection.onlyChanged === true)
    reasons.push(selection.watch === true ? '--watch' : '--onlyChanged')
  if (selection.findRelatedTests === true) reasons.push('--findRelatedTests')
  if (selection.onlyFailures === true) reasons.push('--onlyFailures')
  if (selection.shard !== undefined) {
    reasons.push(`--shard ${selection.shard.shardIndex}/${selection.shard.shardCount}`)
  }
  return reasons
}
