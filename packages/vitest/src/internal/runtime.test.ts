import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { currentRunRuntime, type RunRuntime } from '@contracttool/exchange/internal'
import { fixturePath, specsDir } from '@contracttool/fixtures'
import { preloadRunSpecs } from '@contracttool/harness'
import { loadSpecFile } from '@contracttool/spec-loader'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from '@contracttool/strict-required'
import { validateResponse } from '@contracttool/validator'
import { describe, expect, it, TestRunner } from 'vitest'
import { checkResponse } from './checks.js'
import { ContractRuntime } from './runtime.js'
import { runnerHooks } from './vitest-hooks.js'
import type { WorkerConfig } from './worker-config.js'

const hooks = runnerHooks(TestRunner)

const config: WorkerConfig = {
  version: 1,
  specBasePath: specsDir,
  specs: ['petstore-3.1'],
  defaultSpec: 'petstore-3.1',
  stripPrefixes: [],
  skipResponseCodes: ['5\\d\\d'],
  skipRequestValidationResponseCodes: ['400', '422'],
  maxErrors: null,
  validateRequest: false,
  strictRequiredPerCall: 'off',
  strictAdditionalPropertiesPerCall: 'off',
  observeStrictRequired: true,
  observeStrictAdditionalProperties: true,
  specCache: {},
  workerCode: null,
}
// What the plugin's setup file does: without a cache to take specs from, the worker loads them itself.
await ContractRuntime.install(config, hooks).prepareSpecs((file) => import(file))

const health = {
  request: { method: 'GET', path: '/health' },
  response: { status: 200, body: { status: 'ok' } },
}
const resolve = (runtime: ContractRuntime, name: string) =>
  runtime.run.context.resolveSpec(name, {}, 'toMatchOpenApiSchema')
/** What server-side adapters report into. */
const adapters = (): RunRuntime => currentRunRuntime() as RunRuntime
const hitsOf = (runtime: ContractRuntime) =>
  runtime.takeEnvelope()?.coverage.specs['petstore-3.1']?.['GET /health']?.responses['200:application/json']
    ?.hits

describe('ContractRuntime', () => {
  it('is reachable through Symbol.for slots, so every copy of the package (and every adapter) finds the same one', () => {
    const runtime = ContractRuntime.install(config, hooks)
    const slot = (globalThis as Record<symbol, { checks?: unknown } | undefined>)[
      Symbol.for('contracttool.runtime')
    ]
    expect(slot?.checks).toBe(runtime.run.context)
    expect(ContractRuntime.current()).toBe(runtime)
  })

  it('shares one spec registry per worker across the files it runs', () => {
    const first = ContractRuntime.install(config, hooks)
    const second = ContractRuntime.install(config, hooks)
    expect(resolve(second, 'petstore-3.1')).toBe(resolve(first, 'petstore-3.1'))
  })

  it('takes specs from the main process cache while their files are unchanged, else loads them itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contracttool-runtime-'))
    try {
      mkdirSync(join(dir, 'specs'))
      cpSync(fixturePath('petstore-3.1.json'), join(dir, 'specs', 'petstore-3.1.json'))
      const { specs, specCache } = await preloadRunSpecs(
        { specBasePath: join(dir, 'specs'), specs: ['petstore-3.1'] },
        join(dir, 'cache'),
      )
      const spec = specs.get('petstore-3.1')
      const install = async (specBasePath: string) => {
        const runtime = ContractRuntime.install({ ...config, specBasePath, specCache }, hooks)
        await runtime.prepareSpecs((file) => import(file))
        return runtime
      }
      // Base paths without the spec: only the cache can provide it.
      const fromCache = await install(join(dir, 'empty'))
      expect(resolve(fromCache, 'petstore-3.1').operations).toEqual(spec?.operations)

      appendFileSync(join(dir, 'specs', 'petstore-3.1.json'), '\n')
      const stale = await install(join(dir, 'elsewhere'))
      expect(() => resolve(stale, 'petstore-3.1')).toThrow(/not found/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('records strict-required observations only when the configuration asks for them', () => {
    const nothing = {
      strictRequired: new StrictRequiredTracker().toState(),
      strictAdditionalProperties: new StrictAdditionalPropertiesTracker().toState(),
    }
    const observing = ContractRuntime.install(config, hooks)
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    expect(observing.takeEnvelope()?.strictRequired).not.toEqual(nothing.strictRequired)

    const ignoring = ContractRuntime.install(
      { ...config, observeStrictRequired: false, observeStrictAdditionalProperties: false },
      hooks,
    )
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    expect(hitsOf(ignoring)).toBe(1)
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    expect(ignoring.takeEnvelope()).toMatchObject(nothing)
  })

  it('hands over what a file recorded once, then starts afresh', () => {
    const runtime = ContractRuntime.install(config, hooks)
    expect(runtime.takeEnvelope()).toBeUndefined()
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    expect(hitsOf(runtime)).toBe(2)
    expect(runtime.takeEnvelope()).toBeUndefined()
  })

  it('counts a response an adapter recorded once, even when a matcher checks it again in the same test', async () => {
    const runtime = ContractRuntime.install(config, hooks)
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
    const result = validateResponse(spec, { ...health.response, method: 'GET', path: '/health' })
    adapters().recordResponse(resolve(runtime, 'petstore-3.1'), result, health.response.body, '/health')
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    expect(hitsOf(runtime)).toBe(1)
    await runtime.run.endTest()
    checkResponse(health, undefined, 'toMatchOpenApiSchema', {})
    expect(hitsOf(runtime)).toBe(1)
  })

  it('queues failures adapters raise outside the test and hands them over once, when the test ends', async () => {
    const runtime = ContractRuntime.install(config, hooks)
    adapters().fail(new Error('violation'))
    expect((await runtime.run.endTest()).map((error) => error.message)).toEqual(['violation'])
    expect(runtime.run.takeFailures()).toEqual([])
  })
})
