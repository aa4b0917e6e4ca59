/** What node:test's own flags say about the run: why it covers less than the suite, and its shard. */
export interface RunSelection {
  /** `--test-name-pattern=pets`: the flags that make the run a subset of the suite, as given. */
  readonly partialReasons: readonly string[]
  readonly shard: { readonly index: number; readonly count: number } | undefined
}

/** Flags that run a subset of the tests of the files given. */
const NARROWING_FLAGS = ['--test-name-pattern', '--test-skip-pattern', '--test-only', '--watch']

/**
 * Reads the run's selection from the flags node was started with (`process.execArgv`), which node:test also
 * hands to each test file's process.
 *
 * @example
 * readRunSelection(['--test', '--test-shard=1/2']) // { partialReasons: [], shard: { index: 1, count: 2 } }
 */
export function readRunSelection(execArgv: readonly string[]): RunSelection {
  const partialReasons: string[] = []
  let shard: RunSelection['shard']
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] ?? ''
    const [flag = '', inline] = arg.split(/=(.*)/s)
    const value = () => inline ?? execArgv[++i] ?? ''
    if (flag === '--test-shard') {
      const match = /^(\d+)\/(\d+)$/.exec(value())
      if (match !== null) shard = { index: Number(match[1]), count: Number(match[2]) }
    } else if (NARROWING_FLAGS.includes(flag)) {
      const takesValue = flag.endsWith('-pattern')
      partialReasons.push(takesValue ? `${flag}=${value()}` : flag)
    }
  }
  return { partialReasons, shard }
}
