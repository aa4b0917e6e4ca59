import { terminalLines } from '@contracttool/kernel/internal'
// The reporter `withContractTesting()` adds to Jest's `reporters`: it starts the run (options, specs, the
// handover directory the test files hand their observations through) and finishes it with the harness's
// `finishRun()`.

import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  type ContractRunOptions,
  collectHandovers,
  createHandoverDir,
  finishRun,
  formatsAsData,
  loadConfigFile,
  mergeEnvelopes,
  preloadRunSpecs,
  removeHandoverDir,
  resolveOptions,
  schemaCodeFolder,
} from '@contracttool/harness'
import { type ResolvedOptions, recorderSettings, runnerSettingNames } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { detectPartialRun, type JestSelection } from './internal/detect-partial-run.js'
import { publishRunSettings, withdrawRunSettings } from './internal/run-settings.js'

const CALLER = 'withContractTesting()'

/** What `withContractTesting()` hands the reporter in Jest's `reporters` entry. */
interface ContractReporterOptions {
  readonly options?: ContractRunOptions
}

interface GlobalConfig extends JestSelection {
  readonly rootDir: string
}

interface RunStarted {
  readonly options: ResolvedOptions
  readonly specs: ReadonlyMap<string, LoadedSpec>
  readonly dir: string
}

/**
 * The main-process half of the Jest binding. `onRunStart` resolves the options (with `contracttool.config.*`),
 * loads the specs and creates the handover directory the test files report into (it and the resolved options
 * reach Jest's worker processes through their environment); `onRunComplete` merges what the test files handed over and finishes
 * the run. A failed gate fails the Jest run through `getLastError()`. `withContractTesting()` adds it; users
 * never do.
 */
export default class ContractReporter {
  readonly #globalConfig: GlobalConfig
  readonly #options: ContractRunOptions | undefined
  #run: RunStarted | undefined
  #error: Error | undefined
  /**
   * In band, the tests run in this process: a test that calls `process.exit()` ends the run before Jest
   * reports it. The run then never reaches `onRunComplete`, and must not end as a success (an `exit`
   * listener can still set the exit code) nor leave its handover directory behind.
   */
  readonly #onExit = (): void => {
    const run = this.#run
    if (run === undefined) return
    this.#run = undefined
    removeHandoverDir(run.dir)
    process.stderr.write(
      '[OpenAPI Coverage] FATAL: the Jest run ended before Jest reported its results (process.exit() in a test ' +
        'running in band, or the process was ended): no coverage report, no files, no gates. Remove the ' +
        'process.exit() call, or run the tests in workers (--maxWorkers=2).\n',
    )
    if (!process.exitCode) process.exitCode = 1
  }

  constructor(globalConfig: GlobalConfig, reporterOptions: ContractReporterOptions = {}) {
    this.#globalConfig = globalConfig
    this.#options = reporterOptions.options
  }

  async onRunStart(): Promise<void> {
    this.#error = undefined
    const root = this.#globalConfig.rootDir
    let options: ResolvedOptions
    let dir: string | undefined
    try {
      options = resolveOptions(this.#options, await loadConfigFile(root), root, process.env, CALLER)
      dir = createHandoverDir()
      // The test files read each spec as loaded here instead of parsing it again, and run the schema code the
      // first of them compiled instead of compiling it again. Kept in the project's cache folder, both serve
      // the next runs too (a spec whose files changed is loaded again); without one, this run only.
      const cacheDir = projectCacheDir(root) ?? join(dir, 'cache')
      const { specs, specCache } = await preloadRunSpecs(options, join(cacheDir, 'specs'))
      const writesSidecar = options.sidecarDir !== undefined || this.#globalConfig.shard !== undefined
      publishRunSettings({
        handoverDir: dir,
        // Jest's workers read the settings as JSON: the formats go as data (a function cannot).
        options: { ...options, formats: formatsAsData(options.formats, 'Jest') as never },
        recorder: recorderSettings(options, writesSidecar),
        specCache,
        schemaCodeDir: schemaCodeFolder(cacheDir) ?? join(dir, 'schema-code'),
      })
      this.#run = { options, specs, dir }
      process.once('exit', this.#onExit)
    } catch (error) {
      if (dir !== undefined) removeHandoverDir(dir)
      // Jest prints the stack of an error thrown here and exits 1: the stack is the message alone, which says
      // what to fix; the code stays on the error.
      if (error instanceof Error) error.stack = error.message
      throw error
    }
  }

  onRunComplete(_contexts: unknown, results: { readonly wasInterrupted?: boolean }): void {
    const run = this.#run
    if (run === undefined) return
    this.#run = undefined
    process.off('exit', this.#onExit)
    try {
      const { envelopes, unfinished } = collectHandovers(run.dir)
      const partialReasons = detectPartialRun(this.#globalConfig, run.options.treatProjectFilterAsFull)
      if (results.wasInterrupted === true) partialReasons.push('interrupted run')
      const shard = this.#globalConfig.shard
      const { exitCode } = finishRun(
        {
          specs: run.specs,
          observations: mergeEnvelopes(envelopes),
          options: run.options,
          names: runnerSettingNames(CALLER),
          partialReasons,
          unfinished,
          runner: 'Jest',
          shard: shard === undefined ? undefined : { index: shard.shardIndex, count: shard.shardCount },
          writer: 'jest',
        },
        {
          out: (text) => void process.stdout.write(text),
          err: (line) => void process.stderr.write(terminalLines(`${line}\n`)),
          env: process.env,
          color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
        },
      )
      if (exitCode === 1) {
        this.#error = new Error('contracttool: the contract-testing run failed (see the lines above).')
      }
    } catch (error) {
      process.stderr.write(terminalLines(`${(error as Error).message}\n`))
      this.#error = error as Error
    } finally {
      removeHandoverDir(run.dir)
      withdrawRunSettings()
    }
  }

  getLastError(): Error | undefined {
    return this.#error
  }
}

/**
 * `node_modules/.cache/contracttool` beside the `package.json` nearest to the project root, where tools keep
 * their caches (Vite's `cacheDir` is found the same way); undefined when no folder above has a `package.json`.
 */
function projectCacheDir(root: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'node_modules', '.cache', 'contracttool')
    if (dirname(dir) === dir) return undefined
  }
}
