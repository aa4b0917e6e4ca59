import { currentRunRuntime } from '@contracttool/exchange/internal'
import { prepareConfigFileRun, startHandover } from '@contracttool/harness'
import { ContractRecorder, installRunContext } from '@contracttool/harness/checks'
import { recorderSettings } from '@contracttool/harness/internal'
import { NodeTestError, NodeTestErrorCode } from '../errors.js'
import { CALLER, type ProcessState, processState, RUN_DIR_ENV } from './process-state.js'
import { readRunSelection } from './read-run-selection.js'

type Hook = (fn: () => unknown) => void

/** The root-level hooks of node:test the set-up registers (`beforeEach`, `afterEach`, `after`). */
export interface RootHooks {
  readonly beforeEach: Hook
  readonly afterEach: Hook
  readonly after: Hook
}

/**
 * Sets up contract testing in a process that runs test files: reads the options and loads the specs (each
 * test waits for it in a root `beforeEach` hook, which runs once the file has declared its tests and bound
 * its specs; a root `before` registered here would run at once, before the file loads), records what the checks see, and hands it over when the
 * file's tests are done (a root `after` hook): to the reporter's run directory from a test file's process,
 * or in memory when the reporter runs in this same process. The process that only orchestrates
 * `node --test` runs no tests and is left alone.
 */
export function setUpTestProcess(hooks: RootHooks, env: NodeJS.ProcessEnv = process.env): void {
  const isChild = env.NODE_TEST_CONTEXT !== undefined
  if (!isChild && process.execArgv.includes('--test') && !runsTestsInProcess(process.execArgv)) return
  const state = processState()
  const runDir = env[RUN_DIR_ENV]
  const handover = runDir === undefined ? undefined : startHandover(runDir, process.argv[1] ?? 'a test file')
  let recorder: ContractRecorder | undefined
  const ready = prepare(state).then(
    (created) => {
      recorder = created
    },
    (error: unknown) => {
      state.setUpError = error as Error
    },
  )

  hooks.beforeEach(async () => {
    await ready
    if (state.setUpError !== undefined) throw state.setUpError
    if (isChild && runDir === undefined) {
      throw new NodeTestError(
        NodeTestErrorCode.ReporterMissing,
        'The contract run has no reporter to finish it: add --test-reporter=@contracttool/node-test/reporter to node --test. ' +
          'It prints the coverage report and runs the gates after the tests.',
      )
    }
    for (const name of state.boundNames) {
      try {
        state.context?.resolveSpec(name, undefined, 'openApiSpec')
      } catch (error) {
        throw new NodeTestError(
          NodeTestErrorCode.InvalidBinding,
          `openApiSpec('${name}'): ${(error as Error).message}`,
          {
            cause: error,
          },
        )
      }
    }
  })
  hooks.afterEach(async () => {
    // Checks still running when the test ended (MSW's mocked responses) queue their failures first.
    await currentRunRuntime()?.testEnd?.settle()
    const [failure] = state.failures.splice(0)
    if (failure !== undefined) throw failure
  })
  hooks.after(() => {
    const envelope = recorder?.takeEnvelope()
    if (handover !== undefined) handover.handOver(envelope)
    else if (state.reporterActive) state.envelope = envelope
    else if (envelope !== undefined) {
      process.stderr.write(
        '[OpenAPI Coverage] NOTE: no coverage report: run with --test-reporter=@contracttool/node-test/reporter to get one.\n',
      )
    }
  })
}

/** node:test runs the tests in its own process only without process isolation. */
function runsTestsInProcess(execArgv: readonly string[]): boolean {
  return execArgv.some((arg) => /^--(experimental-)?test-isolation=none$/.test(arg))
}

async function prepare(state: ProcessState): Promise<ContractRecorder> {
  const { options, specs } = await prepareConfigFileRun(process.cwd(), process.env)
  const writesSidecar =
    options.sidecarDir !== undefined || readRunSelection(process.execArgv).shard !== undefined
  const recorder = new ContractRecorder(recorderSettings(options, writesSidecar))
  state.context = installRunContext(options, specs, recorder, {
    specsFrom: CALLER,
    noSpecBound:
      "No OpenAPI spec is bound to this check. Call openApiSpec('<name>') at file or describe scope, pass " +
      "{ spec: '<name>' } to the assertion, or set defaultSpec in contracttool.config.*.",
    boundSpec: () => state.bindings.getStore(),
    fail: (error) => state.failures.push(error),
  }).context
  return recorder
}
