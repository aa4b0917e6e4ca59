import { resolve } from 'node:path'
import { finishRun, mergeEnvelopes, type RunEnvelope } from '@contracttool/harness'
import { type ResolvedOptions, type RunIo, runnerSettingNames } from '@contracttool/harness/internal'
import { terminalLines, VITEST_REPORTER_BRAND } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { detectPartialRun, type RunSelection } from '../internal/detect-partial-run.js'
import { ENVELOPE_META_KEY } from '../internal/worker-config.js'

/** One Vitest project that uses the plugin, with its options and the specs preloaded at start. */
export interface ProjectSetup {
  readonly name: string
  readonly options: ResolvedOptions
  readonly specs: ReadonlyMap<string, LoadedSpec>
  /** Every file the specs were read from. */
  readonly files: readonly string[]
  /** Loads the specs again from their files and hands them to the workers. */
  readonly reload: () => Promise<{ specs: ReadonlyMap<string, LoadedSpec>; files: readonly string[] }>
}

/**
 * The main-process half of the plugin. Each test file hands its observations over in its task meta (Vitest
 * sends it over the worker RPC with the file's result, whatever the pool or isolation); at the end of the
 * run this reporter gathers them per project with Vitest's partial-run and shard signals, and finishes the
 * run with the harness's `finishRun()`. The plugin adds it; users never do.
 */
export class ContractReporter implements Reporter {
  /** Recognised across copies of this package (a config may load it twice). */
  readonly [VITEST_REPORTER_BRAND]: true = true
  readonly #projects: ProjectSetup[] = []
  #vitest: Vitest | undefined
  #selection: RunSelection | undefined
  #watchRerun = false
  /** Projects one of whose spec files changed since their specs were loaded (watch mode). */
  readonly #changedSpecs = new Set<string>()

  /** Called by the plugin for every project that uses it. */
  addProject(setup: ProjectSetup): void {
    const index = this.#projects.findIndex((project) => project.name === setup.name)
    if (index === -1) this.#projects.push(setup)
    else this.#projects[index] = setup
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest
    if (vitest.config.watch) vitest.vite.watcher.on('all', (_event, path) => this.#fileChanged(path))
  }

  /**
   * Before a watch-mode rerun: the specs a changed file belongs to are loaded again, so the report reads
   * the spec the workers validated against. A spec change reruns every test file (the plugin made spec
   * files `forceRerunTriggers`), so that rerun is the whole suite, not a partial one.
   */
  async onWatcherRerun(): Promise<void> {
    let reloaded = false
    for (const [index, setup] of this.#projects.entries()) {
      if (!this.#changedSpecs.has(setup.name)) continue
      try {
        this.#projects[index] = { ...setup, ...(await setup.reload()) }
        this.#changedSpecs.delete(setup.name)
        reloaded = true
      } catch (error) {
        // A spec saved half-edited: the tests say what is wrong with it; the next save loads it again.
        this.#io().err((error as Error).message)
      }
    }
    this.#watchRerun = !reloaded
  }

  #fileChanged(path: string): void {
    const changed = resolve(path)
    for (const setup of this.#projects) {
      if (setup.files.some((file) => resolve(file) === changed)) this.#changedSpecs.add(setup.name)
    }
  }

  onTestRunStart(): void {
    // Read now: Vitest resets `changed` once a run ends.
    this.#selection = this.#readSelection()
    this.#watchRerun = false
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    _unhandledErrors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): void {
    const selection = this.#selection ?? this.#readSelection()
    const io = this.#io()
    for (const setup of this.#projects) {
      const modules = testModules.filter((module) => module.project.name === setup.name)
      const envelopes = modules
        .map((module) => (module.meta() as Record<string, unknown>)[ENVELOPE_META_KEY])
        .filter((envelope): envelope is RunEnvelope => envelope !== undefined)
      const partialReasons = detectPartialRun(selection, setup.options.treatProjectFilterAsFull)
      if (reason === 'interrupted') partialReasons.push('interrupted run')
      // A file whose worker died (killed, out of memory, process.exit()) never reports its result: at the end
      // of a run that was not interrupted, it is still pending, and what it observed never arrived.
      const unfinished =
        reason === 'interrupted'
          ? []
          : modules
              .filter((module) => module.state() === 'pending' || module.state() === 'queued')
              .map((module) => ({ label: module.moduleId }))
      const { exitCode } = finishRun(
        {
          specs: setup.specs,
          observations: mergeEnvelopes(envelopes),
          options: setup.options,
          names: runnerSettingNames('contractTesting()'),
          partialReasons,
          unfinished,
          runner: 'Vitest',
          shard: selection.shard,
          writer: setup.name === '' ? 'vitest' : setup.name,
        },
        io,
      )
      if (exitCode === 1) process.exitCode = 1
    }
  }

  #readSelection(): RunSelection {
    const vitest = this.#vitest
    const config = vitest?.config
    const internal = vitest as unknown as { filenamePattern?: readonly string[] } | undefined
    return {
      fileFilters: internal?.filenamePattern ?? [],
      testNamePattern: config?.testNamePattern,
      projectFilters: config?.project ?? [],
      runningProjects: vitest?.projects.map((project) => project.name) ?? [],
      changed: config?.changed ?? false,
      related: config?.related ?? [],
      shard: config?.shard,
      watchRerun: this.#watchRerun,
    }
  }

  #io(): RunIo {
    const logger = this.#vitest?.logger
    const stream = logger?.outputStream as NodeJS.WriteStream | undefined
    return {
      out: (text) =>
        logger === undefined ? process.stdout.write(text) : logger.log(text.replace(/\n$/, '')),
      err: (line) =>
        logger === undefined
          ? process.stderr.write(terminalLines(`${line}\n`))
          : logger.error(terminalLines(line)),
      env: process.env,
      color: stream?.isTTY === true && process.env.NO_COLOR === undefined,
    }
  }
}
