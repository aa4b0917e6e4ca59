import { isProjectSelectionFull } from '@contracttool/harness'

/** The parts of Vitest's resolved state that tell whether a run selects a subset of the suite. */
export interface RunSelection {
  /** Positional file filters (`vitest run pets`), including `file:line` filters. */
  readonly fileFilters: readonly string[]
  /** `-t` / `--testNamePattern`. */
  readonly testNamePattern: RegExp | string | undefined
  /** `--project` filters. */
  readonly projectFilters: readonly string[]
  /** Names of the projects that run. */
  readonly runningProjects: readonly string[]
  /** `--changed`. */
  readonly changed: boolean | string
  /** `--related`. */
  readonly related: readonly string[]
  /** `--shard`. */
  readonly shard: { readonly index: number; readonly count: number } | undefined
  /** A watch-mode rerun limited to the files affected by a change. */
  readonly watchRerun: boolean
}

/**
 * Why this run is a subset of the suite, one reason per signal; empty for a full run. A subset cannot prove
 * suite-wide facts, so gates and persistent reports are skipped on partial runs.
 *
 * `treatProjectFilterAsFull` lifts the `--project` signal: `true` for any selection, a list for exactly
 * that set of projects.
 */
export function detectPartialRun(
  selection: RunSelection,
  treatProjectFilterAsFull: boolean | readonly string[],
): string[] {
  const reasons: string[] = []
  if (selection.fileFilters.length > 0)
    reasons.push(`test file filters (${selection.fileFilters.join(', ')})`)
  if (selection.testNamePattern !== undefined && String(selection.testNamePattern) !== '') {
    reasons.push(`-t ${String(selection.testNamePattern)}`)
  }
  if (
    selection.projectFilters.length > 0 &&
    !isProjectSelectionFull(selection.runningProjects, treatProjectFilterAsFull)
  ) {
    reasons.push(`--project ${selection.projectFilters.join(', ')}`)
  }
  if (selection.changed !== false) {
    reasons.push(typeof selection.changed === 'string' ? `--changed ${selection.changed}` : '--changed')
  }
  if (selection.related.length > 0) reasons.push('--related')
  if (selection.shard !== undefined) reasons.push(`--shard ${selection.shard.index}/${selection.shard.count}`)
  if (selection.watchRerun) reasons.push('watch-mode rerun of changed files')
  return reasons
}
