// The reporter `withContractTesting()` adds to Playwright's `reporter` list. It runs in the main process,
// gathers what each test checked (the attachment the test's fixture writes) and ends the run with the
// harness's `finishRun()`: the console report, the files, the step summary and the gates.
import { relative } from 'node:path'
import { type ContractRunOptions, finishRun, mergeEnvelopes, type RunEnvelope } from '@contracttool/harness'
import { runnerSettingNames } from '@contracttool/harness/internal'
import { terminalLines } from '@contracttool/kernel/internal'
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter'
import { loadRun, runRoot } from './internal/load-run.js'
import { readRunSelection } from './internal/read-run-selection.js'
import { CALLER, OBSERVATIONS_ATTACHMENT, STARTED_ATTACHMENT } from './internal/state.js'

/** What `withContractTesting()` and Playwright hand the reporter. */
interface ContractReporterOptions {
  readonly options?: ContractRunOptions
  /** Playwright's: `'merge'` under `playwright merge-reports`. */
  readonly _mode?: string
}

type Prepared = { readonly value: Awaited<ReturnType<typeof loadRun>> } | { readonly error: Error }

/**
 * The main-process half of the Playwright binding. `withContractTesting()` adds it; users never do. Under
 * `playwright merge-reports` it reads the tests' observations out of the blob reports, and a failed gate
 * fails the merge by an error (merge-reports ignores the status a reporter returns).
 */
export default class ContractReporter implements Reporter {
  readonly #options: ContractRunOptions | undefined
  readonly #merging: boolean
  #config: FullConfig | undefined
  #prepared: Promise<Prepared> | undefined
  /** Per test, the observations of its last attempt (a retried test counts once). */
  readonly #observations = new Map<string, RunEnvelope | null>()
  /** Tests whose last attempt started recording and never handed its observations over. */
  readonly #unfinished = new Map<string, string>()

  constructor(reporterOptions: ContractReporterOptions = {}) {
    this.#options = reporterOptions.options
    this.#merging = reporterOptions._mode === 'merge'
  }

  printsToStdio(): boolean {
    // Playwright keeps its own terminal output when no other reporter prints.
    return false
  }

  onBegin(config: FullConfig, _suite: Suite): void {
    this.#config = config
    this.#prepared = loadRun(this.#options, runRoot(config)).then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error as Error }),
    )
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const started = result.attachments.some((a) => a.name === STARTED_ATTACHMENT)
    const observed = result.attachments.find((a) => a.name === OBSERVATIONS_ATTACHMENT)
    if (observed?.body !== undefined) {
      this.#observations.set(test.id, JSON.parse(observed.body.toString('utf8')) as RunEnvelope | null)
      this.#unfinished.delete(test.id)
    } else if (started) {
      this.#observations.delete(test.id)
      // titlePath(): the root suite's empty title, the project, the file, then describes and the test.
      const [, project = '', , ...titles] = test.titlePath()
      const where = `${relative(this.#config === undefined ? process.cwd() : runRoot(this.#config), test.location.file)}:${test.location.line}`
      this.#unfinished.set(
        test.id,
        `${where} › ${titles.join(' › ')}${project === '' ? '' : ` [${project}]`}`,
      )
    }
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const prepared = await this.#prepared
    const config = this.#config
    if (prepared === undefined || config === undefined) return undefined
    const err = (line: string) => void process.stderr.write(terminalLines(`${line}\n`))
    let exitCode: 0 | 1
    if ('error' in prepared) {
      err(prepared.error.message)
      exitCode = 1
    } else {
      const { options, specs } = prepared.value
      const partialReasons = this.#merging
        ? []
        : readRunSelection(process.argv, options.treatProjectFilterAsFull)
      if (result.status === 'interrupted') partialReasons.push('interrupted run')
      const unfinished = [...this.#unfinished.values()]
      if (unfinished.length > 0) {
        err(
          `[OpenAPI Coverage] FATAL: ${unfinished.length} test(s) stopped before handing over their contract observations ` +
            `(the worker died or was killed mid-test): ${unfinished.join(', ')}. The coverage below leaves them out.`,
        )
        partialReasons.push('a test stopped before handing over its observations')
      }
      const envelopes = [...this.#observations.values()].filter((e): e is RunEnvelope => e !== null)
      const shard = this.#merging ? null : config.shard
      const finished = finishRun(
        {
          specs,
          observations: mergeEnvelopes(envelopes),
          options,
          names: runnerSettingNames(CALLER),
          partialReasons,
          runner: 'Playwright',
          shard: shard === null ? undefined : { index: shard.current, count: shard.total },
          writer: 'playwright',
        },
        {
          out: (text) => void process.stdout.write(text),
          err,
          env: process.env,
          color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
        },
      )
      exitCode = unfinished.length > 0 ? 1 : finished.exitCode
    }
    if (exitCode === 0) return undefined
    if (this.#merging) {
      // merge-reports exits 1 when a reporter throws, and ignores the status one returns.
      const error = new Error('contracttool: the contract-testing run failed (see the lines above).')
      error.stack = error.message
      throw error
    }
    return { status: 'failed' }
  }
}
