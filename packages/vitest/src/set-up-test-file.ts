import { afterAll, afterEach, expect, inject } from 'vitest'
import { contractMatchers } from './contract-matchers.js'
import { ContractTestingError, VitestErrorCode } from './errors.js'
import { ContractRuntime, ENVELOPE_META_KEY } from './internal/runtime.js'
import { vitestHooks } from './internal/vitest-hooks.js'
import { PROVIDE_KEY } from './internal/worker-config.js'

/**
 * What the plugin's setup file runs before each test file, in the worker: registers the matchers, creates
 * the file's runtime and readies its specs, fails a test when an adapter reported a contract violation
 * during it, and hands the file's observations to the main process through the file's task meta when the
 * file ends. A function, not module side effects: with `isolate: false` this module is loaded once per
 * worker but called per file.
 */
export async function setUpTestFile(): Promise<void> {
  const config = inject(PROVIDE_KEY)
  if (config === undefined) {
    throw new ContractTestingError(
      VitestErrorCode.NotRegistered,
      '@contracttool/vitest setup file ran without the contractTesting() plugin. Add contractTesting({ specBasePath, specs }) ' +
        'to plugins in vitest.config.ts instead of listing the setup file yourself.',
    )
  }
  const runtime = ContractRuntime.install(config, vitestHooks)
  expect.extend(contractMatchers)

  afterEach(() => {
    runtime.endTest()
    const failures = runtime.takeFailures()
    if (failures.length === 1) throw failures[0]
    if (failures.length > 1)
      throw new AggregateError(failures, failures.map((failure) => failure.message).join('\n\n'))
  })

  // Registered first, so with Vitest's default `sequence.hooks: 'stack'` it runs after the file's own
  // afterAll hooks and still sees what they validated.
  // biome-ignore lint/correctness/noEmptyPattern: Vitest passes the suite as the second argument of a fixture-style hook
  afterAll(({}, suite) => {
    const envelope = runtime.takeEnvelope()
    if (envelope !== undefined) (suite.meta as Record<string, unknown>)[ENVELOPE_META_KEY] = envelope
    const failures = runtime.takeFailures()
    if (failures.length > 0) throw failures[0]
  })

  await runtime.prepareSpecs()
}
