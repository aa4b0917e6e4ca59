import { isProjectSelectionFull } from '@contracttool/harness'

/** Flags of `playwright test` that run a subset of the suite; each one's value follows it unless it is a switch. */
const NARROWING_FLAGS: Readonly<Record<string, 'value' | 'switch'>> = {
  '-g': 'value',
  '--grep': 'value',
  '--grep-invert': 'value',
  '--only-changed': 'switch',
  '--last-failed': 'switch',
  '--test-list': 'value',
  '--test-list-invert': 'value',
}

/** Flags that take a value and select nothing. */
const VALUE_FLAGS = new Set([
  '-c',
  '--config',
  '-j',
  '--workers',
  '--reporter',
  '--retries',
  '--repeat-each',
  '--timeout',
  '--global-timeout',
  '--max-failures',
  '--output',
  '--shard',
  '--browser',
  '--trace',
  '--tsconfig',
  '--update-snapshots',
  '-u',
  '--update-source-method',
])

/**
 * Why a `playwright test` command line runs a subset of the suite, one reason per signal; empty for a full
 * run. Playwright does not tell reporters which filters it was given, so they are read from the command line
 * the run was started with. `treatProjectFilterAsFull` lifts the `--project` signal.
 *
 * @example
 * readRunSelection(['test', '-g', 'pets', '--project=api'], false) // ['-g pets', '--project api']
 */
export function readRunSelection(
  argv: readonly string[],
  treatProjectFilterAsFull: boolean | readonly string[],
): string[] {
  const at = argv.indexOf('test')
  if (at === -1) return []
  const reasons: string[] = []
  const files: string[] = []
  const projects: string[] = []
  for (let i = at + 1; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const [flag = '', inline] = arg.startsWith('-') ? arg.split(/=(.*)/s) : [arg]
    const value = () => inline ?? argv[++i] ?? ''
    if (flag === '--project') projects.push(value())
    else if (NARROWING_FLAGS[flag] === 'value') reasons.push(`${flag} ${value()}`)
    else if (NARROWING_FLAGS[flag] === 'switch') {
      // `--only-changed` takes an optional ref, given inline only.
      reasons.push(inline === undefined ? flag : `${flag}=${inline}`)
    } else if (VALUE_FLAGS.has(flag)) {
      if (inline === undefined) i++
    } else if (!arg.startsWith('-')) files.push(arg)
  }
  if (files.length > 0) reasons.push(`file filters (${files.join(', ')})`)
  if (projects.length > 0 && !isProjectSelectionFull(projects, treatProjectFilterAsFull)) {
    reasons.push(`--project ${projects.join(', ')}`)
  }
  return reasons
}
