import type { CheckContext } from '@contracttool/exchange/internal'
import { ContractRecorder, installRunContext } from '@contracttool/harness/checks'
import {
  type ContractRunOptions,
  type ResolvedOptions,
  recorderSettings,
} from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ContractPlaywrightError, PlaywrightErrorCode } from '../errors.js'
import { loadRun, type RunConfig, runRoot } from './load-run.js'
import { CALLER, playwrightState } from './state.js'

/** What a worker's tests check against and record into. */
export interface WorkerRun {
  readonly options: ResolvedOptions
  readonly specs: ReadonlyMap<string, LoadedSpec>
  readonly context: CheckContext
  readonly recorder: ContractRecorder
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
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.NotRegistered,
      'The tests use test from @contracttool/playwright, but the Playwright config is not wrapped: write ' +
        'export default defineConfig(withContractTesting(config, options)) in playwright.config.*. ' +
        'It adds the reporter that prints the coverage report and runs the gates.',
    )
  }
  const run = await loadRun(options, runRoot(config))
  const recorder = new ContractRecorder(
    recorderSettings(run.options, run.options.sidecarDir !== undefined || config.shard !== null),
  )
  const state = playwrightState()
  const { context } = installRunContext(run.options, run.specs, recorder, {
    specsFrom: `${CALLER} (or contracttool.config.*)`,
    noSpecBound:
      "No OpenAPI spec is bound to this check. Call test.use({ openApiSpec: '<name>' }) at file or describe scope, " +
      "set use: { openApiSpec: '<name>' } on the project, pass { spec: '<name>' } to the matcher, or set defaultSpec.",
    boundSpec: () => state.running?.spec,
    fail: (error) => void state.running?.failures.push(error),
  })
  return { ...run, context, recorder }
}
