import { relative } from 'node:path'
import {
  createHandoverDir,
  finishHandedOverRun,
  prepareConfigFileRun,
  removeHandoverDir,
  startHandover,
} from '@contracttool/harness'
import { ContractRecorder, installRunContext } from '@contracttool/harness/checks'
import { type RunIo, recorderSettings } from '@contracttool/harness/internal'
import { MOCHA_PLUGIN_SLOT, terminalLines } from '@contracttool/kernel/internal'
import { MochaError, MochaErrorCode } from '../errors.js'
import { processState, RUN_DIR_ENV } from './process-state.js'
import { loadMochaOptions, partialReasons } from './read-run-selection.js'

/** The root suite as a root hook sees it (`this.test.parent`). */
export interface RootSuite {
  readonly root?: boolean
  hasOnly?(): boolean
  readonly suites?: readonly { readonly file?: string }[]
  readonly tests?: readonly { readonly file?: string }[]
}

export type RootHook = (this: { readonly test?: { readonly parent?: RootSuite } }) => unknown

/** What the register module exports: Mocha's root hook plugin and global setup and teardown fixtures. */
export interface MochaPlugin {
  readonly mochaHooks: {
    readonly beforeAll: RootHook
    readonly afterAll: RootHook
    readonly afterEach: RootHook
  }
  readonly mochaGlobalSetup: () => void
  readonly mochaGlobalTeardown: () => Promise<void>
}

/**
 * Sets up contract testing in a process mocha loads `@contracttool/mocha/register` in. Every process reads the
 * options and loads the specs once. The global setup (main process) creates the run's handover directory. The root hooks run where the tests run: in the main process of a serial
 * run (once for the run), in each worker of a `--parallel` run (once per file: the worker hands the file's
 * observations over when its tests are done). The global teardown runs in the main process only, after every
 * test: it collects what the workers handed over, adds what this process recorded, and ends the run with the
 * harness. A failed gate throws there, the one way to make mocha exit non-zero once the tests are done.
 * Loaded twice (`.mocharc` listing it twice, ESM and CommonJS copies), it returns the same plugin, and each hook
 * does its work once.
 */
export function setUpMochaProcess(env: NodeJS.ProcessEnv = process.env): MochaPlugin {
  const global = globalThis as Record<PropertyKey, unknown>
  const existing = global[MOCHA_PLUGIN_SLOT] as MochaPlugin | undefined
  if (existing !== undefined) return existing
  const state = processState()
  const isWorker = env.MOCHA_WORKER_ID !== undefined
  if (isWorker) state.runDir = env[RUN_DIR_ENV]
  const root = process.cwd()
  const prepared = prepareConfigFileRun(root, env)
  const installed = prepared.then(
    ({ options, specs }) => {
      const recorder = new ContractRecorder(recorderSettings(options, options.sidecarDir !== undefined))
      state.recorder = recorder
      const run = installRunContext(options, specs, recorder, {
        specsFrom: 'contracttool.config.*',
        noSpecBound:
          "No OpenAPI spec is bound to this check. Call openApiSpec('<name>') in a describe() block, pass " +
          "{ spec: '<name>' } to the assertion, or set defaultSpec in contracttool.config.*.",
        boundSpec: () => state.bound.at(-1),
      })
      state.context = run.context
      state.endTest = run.endTest
    },
    (error: unknown) => {
      state.setUpError = error as Error
    },
  )

  const plugin: MochaPlugin = {
    mochaHooks: {
      async beforeAll() {
        await installed
        if (state.setUpError !== undefined) throw state.setUpError
        const suite = this.test?.parent
        if (!isWorker) {
          state.focused = suite?.hasOnly?.() === true
          return
        }
        if (state.handover !== undefined || state.runDir === undefined) return
        const file = suite?.suites?.[0]?.file ?? suite?.tests?.[0]?.file ?? 'a test file'
        state.handover = startHandover(state.runDir, relative(root, file))
      },
      afterAll() {
        const handover = state.handover
        state.handover = undefined
        handover?.handOver(state.recorder?.takeEnvelope())
      },
      async afterEach() {
        // Checks still running when the test ended (MSW's mocked responses) queue their failures first.
        const [failure] = (await state.endTest?.()) ?? []
        if (failure !== undefined) throw failure
      },
    },
    mochaGlobalSetup() {
      if (state.runDir !== undefined) return
      state.runDir = createHandoverDir()
      // mocha starts its parallel workers after the global setup: they inherit the directory.
      env[RUN_DIR_ENV] = state.runDir
    },
    async mochaGlobalTeardown() {
      if (state.finished) return
      state.finished = true
      // Without the global setup (a programmatic run that skipped it), an empty directory: nothing was handed over.
      const runDir = state.runDir ?? createHandoverDir()
      const io: RunIo = {
        out: (text) => void process.stdout.write(text),
        err: (line) => void process.stderr.write(terminalLines(`${line}\n`)),
        env,
        color: process.stdout.isTTY === true && env.NO_COLOR === undefined,
      }
      let exitCode: 0 | 1 = 1
      try {
        const run = await prepared
        const reasons = partialReasons(loadMochaOptions(root, process.argv.slice(2)), state.focused)
        exitCode = finishHandedOverRun(
          run,
          runDir,
          {
            inProcess: state.recorder?.takeEnvelope(),
            partialReasons: reasons,
            runner: 'Mocha',
            writer: 'mocha',
          },
          io,
        )
      } catch (error) {
        io.err((error as Error).message)
      } finally {
        removeHandoverDir(runDir)
      }
      if (exitCode === 0) return
      // Mocha 11 and later fail the run on a teardown that throws; Mocha 10 swallows the error and never sets its
      // own exit code, so the process's is the one that counts there.
      process.exitCode = 1
      throw runFailed()
    },
  }
  global[MOCHA_PLUGIN_SLOT] = plugin
  return plugin
}

/** The teardown's error: mocha prints its stack, which here is the message alone (nothing deep to show). */
function runFailed(): MochaError {
  const error = new MochaError(
    MochaErrorCode.RunFailed,
    'The OpenAPI contract run failed: see the [OpenAPI Coverage] lines above. mocha exits non-zero even though the tests passed.',
  )
  error.stack = `${error.name} [${error.code}]: ${error.message}`
  return error
}
