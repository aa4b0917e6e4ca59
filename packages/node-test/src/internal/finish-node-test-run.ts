import {
  collectHandovers,
  describeUnfinished,
  finishRun,
  loadConfigFile,
  loadRunSpec,
  mergeEnvelopes,
  type RunEnvelope,
  resolveOptions,
} from '@contracttool/harness'
import { type RunIo, runnerSettingNames } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { CALLER } from './process-state.js'
import { readRunSelection } from './read-run-selection.js'

/** The run's options and specs, read when the run starts (the tests do the same in their processes). */
export async function prepareFinish(root: string, env: RunIo['env']) {
  const options = resolveOptions({}, await loadConfigFile(root), root, env, CALLER)
  const specs = new Map<string, LoadedSpec>()
  for (const name of options.specs) specs.set(name, await loadRunSpec(name, options))
  return { options, specs }
}

/**
 * The end of a node:test run: what every test process handed over (and the reporter's own process recorded),
 * through `finishRun()` of the harness. A test process that never handed over (it died mid-file) fails the
 * run with a `FATAL` line naming its file; the report still prints, as a partial run.
 */
export function finishNodeTestRun(
  prepared: Awaited<ReturnType<typeof prepareFinish>>,
  runDir: string,
  inProcess: RunEnvelope | undefined,
  io: RunIo,
): 0 | 1 {
  const { envelopes, unfinished } = collectHandovers(runDir)
  const selection = readRunSelection(process.execArgv)
  const partialReasons = [...selection.partialReasons]
  if (unfinished.length > 0) {
    io.err(describeUnfinished(unfinished))
    partialReasons.push('a test file stopped before handing over its observations')
  }
  const { exitCode } = finishRun(
    {
      specs: prepared.specs,
      observations: mergeEnvelopes(inProcess === undefined ? envelopes : [...envelopes, inProcess]),
      options: prepared.options,
      names: {
        ...runnerSettingNames(CALLER),
        strictRequiredConfiguration: "strictRequired: 'warn' | 'fail' | 'off' in contracttool.config.*",
      },
      partialReasons,
      runner: 'node:test',
      shard: selection.shard,
      writer: 'node-test',
    },
    io,
  )
  return unfinished.length > 0 ? 1 : exitCode
}
