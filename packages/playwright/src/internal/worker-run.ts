import type { CheckContext } from '@contracttool/exchange/internal'
import type { ContractRunOptions } from '@contracttool/harness'
import { ContractRecorder, installRunContext } from '@contracttool/harness/checks'
import { bindingError, type ResolvedOptions, recorderSettings } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { loadRun, type RunConfig, runRoot } from './load-run.js'
import { PLAYWRIGHT_WORDS } from './playwright-words.js'
import { CALLER, playwrightState } from './state.js'

/** What a worker's tests check against and record into. */
export interface WorkerRun {
  readonly options: ResolvedOptions
  readonly specs: ReadonlyMap<string, LoadedSpec>
  readonly context: CheckContext
  readonly recorder: ContractRecorder
  /** Ends the running test in the run's context (see `RunContext.endTest()`). */
  readonly endTest: () => Promise<Error[]>
}

/**
 * Sets up a worker: the options `withContractTesting()` put in `use`, the specs, a recorder, and the checks'
 * context, whose spec binding is the running test's `openApiSpec`.
 */
export async function startWorkerRun(
  options: ContractRunOptions | undefined,
  config: RunConfig,
): Promise<WorkerRun> {
  if (options === undefined) {
    throw bindingError(PLAYWRIGHT_WORDS, {
      kind: 'setup-unregistered',
      what: 'test from @contracttool/playwright (under a Playwright config that is not wrapped)',
    })
  }
  const run = await loadRun(options, runRoot(config))
  const recorder = new ContractRecorder(
    recorderSettings(run.options, run.options.sidecarDir !== undefined || config.shard !== null),
  )
  const state = playwrightState()
  const { context, endTest } = installRunContext(run.options, run.specs, recorder, {
    specsFrom: `${CALLER} (or contracttool.config.*)`,
    noSpecBound:
      "No OpenAPI spec is bound to this check. Call test.use({ openApiSpec: '<name>' }) at file or describe scope, " +
      "set use: { openApiSpec: '<name>' } on the project, pass { spec: '<name>' } to the matcher, or set defaultSpec.",
    boundSpec: () => state.running?.spec,
    fail: (error) => void state.running?.failures.push(error),
  })
  return { ...run, context, recorder, endTest }
}
