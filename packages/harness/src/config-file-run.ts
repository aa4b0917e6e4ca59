import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ContractRunOptions } from './contract-run-options.js'
import { type FinishRunInput, finishRun, type RunIo } from './finish-run.js'
import { loadConfigFile } from './load-config-file.js'
import { loadRunSpec } from './load-run-spec.js'
import {
  type ResolvedOptions,
  type ResolveSettings,
  resolveOptions,
  withFormatsModule,
} from './resolve-options.js'
import { mergeEnvelopes, type RunEnvelope } from './run-envelope.js'
import { collectHandovers } from './run-handover.js'
import { runnerSettingNames } from './runner-setting-names.js'

/** Where a runner without options of its own takes them from, as messages name it. */
const CALLER = 'contracttool.config.*'

/** The options and loaded specs of a run configured by `contracttool.config.*` alone. */
export interface ConfigFileRun {
  readonly options: ResolvedOptions
  readonly specs: ReadonlyMap<string, LoadedSpec>
}

/**
 * Reads `contracttool.config.*` under `root` (under the runner's own options, when it takes some: `given`),
 * loads the `formats` module if the options name one, and loads every spec: the set-up of a run whose
 * checks happen where its options are read (node:test, Mocha, Playwright, `createContractRun()`), in the
 * process that finishes the run and in each process that runs tests.
 *
 * @example
 * const { options, specs } = await prepareConfigFileRun(process.cwd(), process.env)
 */
export async function prepareConfigFileRun(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  given?: {
    readonly options: ContractRunOptions | undefined
    readonly caller: string
    /** How messages spell the caller's inputs (a command's flags), as `resolveOptions` takes them. */
    readonly names?: ResolveSettings['names']
  },
): Promise<ConfigFileRun> {
  const resolved = resolveOptions(
    given?.options ?? {},
    await loadConfigFile(root),
    root,
    env,
    given?.caller ?? CALLER,
    { names: given?.names ?? {} },
  )
  const options = await withFormatsModule(resolved)
  const specs = new Map<string, LoadedSpec>()
  for (const name of options.specs) specs.set(name, await loadRunSpec(name, options))
  return { options, specs }
}

/** How a runner's end of run differs from another's. */
export interface HandedOverRunSettings {
  /** What the tests recorded in the finishing process itself (tests run there too). */
  readonly inProcess?: RunEnvelope | undefined
  readonly partialReasons: readonly string[]
  /** The runner, as its users call it (`'node:test'`, `'Mocha'`), in the run's messages. */
  readonly runner: string
  readonly shard?: FinishRunInput['shard']
  /** Names the run's sidecar (`node-test`, `mocha`). */
  readonly writer: string
}

/**
 * The end of a run whose test processes handed their observations over through `runDir`
 * (`startHandover()`): what they handed over and what the finishing process recorded, through `finishRun()`.
 * A test process that never handed over (it died mid-file) fails the run with a `FATAL` line naming its file;
 * the report still prints, as a partial run.
 *
 * @example
 * const exitCode = finishHandedOverRun(run, runDir, { partialReasons: [], writer: 'mocha' }, io)
 */
export function finishHandedOverRun(
  run: ConfigFileRun,
  runDir: string,
  settings: HandedOverRunSettings,
  io: RunIo,
): 0 | 1 {
  const { envelopes, unfinished } = collectHandovers(runDir)
  const all = settings.inProcess === undefined ? envelopes : [...envelopes, settings.inProcess]
  const { exitCode } = finishRun(
    {
      specs: run.specs,
      observations: mergeEnvelopes(all),
      options: run.options,
      names: {
        ...runnerSettingNames(CALLER),
        strictRequiredConfiguration: `strictRequired: 'warn' | 'fail' | 'off' in ${CALLER}`,
      },
      partialReasons: settings.partialReasons,
      unfinished,
      runner: settings.runner,
      shard: settings.shard,
      writer: settings.writer,
    },
    io,
  )
  return exitCode
}
