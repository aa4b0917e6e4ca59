import { currentRunRuntime, type RunRuntime } from '@contracttool/exchange/internal'
import { fixturePath, specsDir } from '@contracttool/fixtures'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import { validateResponse } from '@contracttool/validator'
import { afterEach, describe, expect, it } from 'vitest'
import { ContractRecorder } from '../contract-recorder.js'
import { checkResponse } from './check-exchange.js'
import { installRunContext, type RunContext, type RunContextOptions } from './install-run-context.js'

const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
const options: RunContextOptions = {
  specBasePath: specsDir,
  specs: ['petstore-3.1'],
  defaultSpec: 'petstore-3.1',
  stripPrefixes: [],
  skipResponseCodes: [],
  skipRequestValidationResponseCodes: [],
  validateRequest: false,
  maxErrors: undefined,
}
const health = {
  request: { method: 'GET', path: '/health' },
  response: { status: 200, body: { status: 'ok' } },
}

let installed: RunContext | undefined
afterEach(() => installed?.uninstall())

/** A run over the petstore spec, as a runner binding installs it, and the responses it counted. */
function startRun(specs: ReadonlyMap<string, LoadedSpec> | ((name: string) => LoadedSpec)) {
  const recorder = new ContractRecorder({
    observeStrictRequired: false,
    observeStrictAdditionalProperties: false,
    strictRequiredPerCall: 'off',
    strictAdditionalPropertiesPerCall: 'off',
  })
  let counted = 0
  const run = installRunContext(options, specs, recorder, {
    specsFrom: 'the test',
    noSpecBound: 'No spec.',
  })
  installed = run
  const adapter = currentRunRuntime() as RunRuntime
  return {
    run,
    /** A server-side adapter validated and recorded the response to `GET /health`. */
    adapterSaw: () => {
      const result = validateResponse(spec, { ...health.response, method: 'GET', path: '/health' })
      adapter.recordResponse(
        run.context.resolveSpec(undefined, undefined, 'test'),
        result,
        health.response.body,
        '/health',
      )
    },
    /** A check of a response to `GET /health`, in the test. */
    check: () => void checkResponse(health, undefined, 'toMatchOpenApiSchema', run.context, undefined),
    counted: () => {
      const hits =
        recorder.takeEnvelope()?.coverage.specs['petstore-3.1']?.['GET /health']?.responses[
          '200:application/json'
        ]?.hits ?? 0
      counted += hits
      return counted
    },
  }
}

describe('installRunContext(): a response adapters recorded and a check saw counts once', () => {
  it.each([
    // The first check used to free the key, so the second counted the same response again (3).
    ['two adapter-recorded responses, then two checks of them', 2, 2, 2],
    // One key per test used to swallow the second check, of a response no adapter saw (1).
    ['one adapter-recorded response, then two checks (one of a response the adapter did not see)', 1, 2, 2],
    ['checks alone', 0, 2, 2],
    ['adapters alone', 2, 0, 2],
  ])('%s: %i + %i checks → %i', (_name, recorded, checked, want) => {
    const run = startRun(new Map([['petstore-3.1', spec]]))
    for (let i = 0; i < recorded; i++) run.adapterSaw()
    for (let i = 0; i < checked; i++) run.check()
    expect(run.counted()).toBe(want)
  })

  it('forgets what adapters recorded when the test ends', async () => {
    const run = startRun(new Map([['petstore-3.1', spec]]))
    run.adapterSaw()
    await run.run.endTest()
    // The next test checks a response of its own: the earlier test's adapter response does not swallow it.
    run.check()
    expect(run.counted()).toBe(2)
  })

  it('queues the violations adapters report and hands them over when the test ends, once', async () => {
    const run = startRun(new Map([['petstore-3.1', spec]]))
    currentRunRuntime()?.fail(new Error('violation'))
    expect((await run.run.endTest()).map((error) => error.message)).toEqual(['violation'])
    expect(await run.run.endTest()).toEqual([])
    currentRunRuntime()?.fail(new Error('after the last test'))
    expect(run.run.takeFailures().map((error) => error.message)).toEqual(['after the last test'])
  })

  it('hands out the specs of a loader on first use, and refuses a name that is not configured', () => {
    const asked: string[] = []
    const run = startRun((name) => {
      asked.push(name)
      return spec
    })
    expect(asked).toEqual([])
    expect(run.run.context.resolveSpec(undefined, undefined, 'test')).toBe(spec)
    expect(asked).toEqual(['petstore-3.1'])
    expect(() => run.run.context.resolveSpec('petstore-3.0', undefined, 'test')).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_SPEC_NOT_CONFIGURED' }),
    )
    expect(asked).toEqual(['petstore-3.1'])
  })
})
