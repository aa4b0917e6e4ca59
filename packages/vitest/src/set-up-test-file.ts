import { bindingError, type LoadedWorkerBundle, loadWorkerBundle } from '@contracttool/harness/internal'
import type * as Vitest from 'vitest'
import { contractMatchers } from './contract-matchers.js'
import { runnerHooks } from './internal/vitest-hooks.js'
import { VITEST_WORDS } from './internal/vitest-words.js'
import { type WorkerCore, worker } from './internal/worker.js'
import { PROVIDE_KEY, type WorkerConfig } from './internal/worker-config.js'

/**
 * The parts of Vitest's API the setup file uses, handed over by the setup file: this module imports nothing
 * from `vitest`, so that it loads as plain CommonJS (see `setup.ts`).
 */
export type VitestApi = Pick<typeof Vitest, 'afterAll' | 'afterEach' | 'expect' | 'inject' | 'TestRunner'>

// The worker bundle, loaded once per worker: with `isolate: false` this module serves every file of the
// worker. Code, not run state: each file's state lives in the runtime it creates.
let workerCore: LoadedWorkerBundle<WorkerCore> | undefined
// The schema code this worker's files reuse and add to (built bundle only), once per worker too.
let schemaCode: ReturnType<WorkerCore['useSchemaCodeFolder']> | undefined

/**
 * What the plugin's setup file runs before each test file, in the worker: registers the matchers, creates
 * the file's runtime and readies its specs, fails a test when an adapter reported a contract violation
 * during it, and hands the file's observations to the main process through the file's task meta when the
 * file ends. A function, not module side effects: with `isolate: false` this module is loaded once per
 * worker but called per file.
 */
export async function setUpTestFile(
  vitest: VitestApi,
  importModule: (file: string) => Promise<unknown>,
): Promise<void> {
  const { afterAll, afterEach, expect, inject, TestRunner } = vitest
  const config = inject(PROVIDE_KEY)
  if (config === undefined) {
    throw bindingError(VITEST_WORDS, {
      kind: 'setup-unregistered',
      what: 'The @contracttool/vitest setup file (listed by hand instead of through the plugin)',
    })
  }
  workerCore ??= loadWorkerCore(config)
  const core = workerCore
  const { ContractRuntime, ENVELOPE_META_KEY, closeSpecCacheFiles, useSchemaCodeFolder } = core.exports
  if (config.workerCode !== null) schemaCode ??= useSchemaCodeFolder(config.workerCode.schemaCodeDir)
  const runtime = ContractRuntime.install(config, runnerHooks(TestRunner))
  expect.extend(contractMatchers)

  afterEach(async () => {
    // Checks still running when the test ended (MSW's mocked responses) queue their failures first.
    const failures = await runtime.run.endTest()
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1)
      throw new AggregateError(failures, failures.map((failure) => failure.message).join('\n\n'))
  })

  // Registered first, so with Vitest's default `sequence.hooks: 'stack'` it runs after the file's own
  // afterAll hooks and still sees what they validated.
  // biome-ignore lint/correctness/noEmptyPattern: Vitest passes the suite as the second argument of a fixture-style hook
  afterAll(({}, suite) => {
    const envelope = runtime.takeEnvelope()
    if (envelope !== undefined) {
      ;(suite.meta as Record<string, unknown>)[ENVELOPE_META_KEY] = envelope
      // A file that recorded something ran the validation path, which is what the next files need compiled.
      core.writeCache?.()
      schemaCode?.save()
    }
    // The spec cache files this file read chunks from: a thread does not close them when it ends.
    closeSpecCacheFiles()
    runtime.run.uninstall()
    const failures = runtime.run.takeFailures()
    if (failures.length > 0) throw failures[0]
  })

  await runtime.prepareSpecs(importModule)
}

/**
 * Built, the worker bundle is compiled with the code cache the main process named, and handed to the
 * package entry. From sources (this workspace's tests) the setup file has handed over the module Vitest
 * transformed; built, when the main process could not stamp the bundle, Node requires it as a module.
 */
function loadWorkerCore(config: WorkerConfig): LoadedWorkerBundle<WorkerCore> {
  if (config.workerCode === null) return { exports: worker.exports(), writeCache: undefined }
  return loadWorkerBundle(worker, config.workerCode)
}
