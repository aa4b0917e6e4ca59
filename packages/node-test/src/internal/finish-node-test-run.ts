import { type ConfigFileRun, finishHandedOverRun, type RunEnvelope } from '@contracttool/harness'
import type { RunIo } from '@contracttool/harness/internal'
import { readRunSelection } from './read-run-selection.js'

/**
 * The end of a node:test run: what every test process handed over (and the reporter's own process recorded),
 * through `finishHandedOverRun()` of the harness, with the partial-run flags and shard of node's own flags.
 */
export function finishNodeTestRun(
  prepared: ConfigFileRun,
  runDir: string,
  inProcess: RunEnvelope | undefined,
  io: RunIo,
): 0 | 1 {
  const selection = readRunSelection(process.execArgv)
  return finishHandedOverRun(
    prepared,
    runDir,
    {
      inProcess,
      partialReasons: selection.partialReasons,
      runner: 'node:test',
      shard: selection.shard,
      writer: 'node-test',
    },
    io,
  )
}
