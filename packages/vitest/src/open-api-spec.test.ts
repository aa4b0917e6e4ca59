import { specsDir } from '@contracttool/fixtures'
import { describe, expect, it, TestRunner } from 'vitest'
import { checkResponse } from './internal/checks.js'
import { ContractRuntime } from './internal/runtime.js'
import { runnerHooks } from './internal/vitest-hooks.js'
import type { WorkerConfig } from './internal/worker-config.js'
import { openApiSpec } from './open-api-spec.js'

const hooks = runnerHooks(TestRunner)

const config: WorkerConfig = {
  version: 1,
  specBasePath: specsDir,
  specs: ['petstore-3.1', 'petstore-3.0'],
  defaultSpec: 'petstore-3.0',
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
// What the plugin's setup file does for every test file.
const runtime = ContractRuntime.install(config, hooks)
await runtime.prepareSpecs((file) => import(file))

const health = {
  request: { method: 'GET', path: '/health' },
  response: { status: 200, body: { status: 'ok' } },
}
const specUsed = (task: object, options?: object) =>
  checkResponse(health, options, 'toMatchOpenApiSchema', task).specName

openApiSpec('petstore-3.1')

describe('spec resolution: per call > describe > file > defaultSpec', () => {
  it('uses the file binding', ({ task }) => {
    expect(specUsed(task)).toBe('petstore-3.1')
  })

  describe('inside a describe bound to another spec', () => {
    openApiSpec('petstore-3.0')

    it('uses the describe binding', ({ task }) => {
      expect(specUsed(task)).toBe('petstore-3.0')
    })

    it('lets a per-call { spec } win', ({ task }) => {
      expect(specUsed(task, { spec: 'petstore-3.1' })).toBe('petstore-3.1')
    })
  })

  it('falls back to defaultSpec when nothing binds one', () => {
    expect(runtime.run.context.resolveSpec(undefined, {}, 'toMatchOpenApiSchema').name).toBe('petstore-3.0')
  })
})

describe('misuse', () => {
  it('refuses a spec name that is not configured, listing the configured ones', ({ task }) => {
    const check = () => specUsed(task, { spec: 'petstore-3.2' })
    expect(check).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_SPEC_NOT_CONFIGURED' }))
    expect(check).toThrow(
      /Spec 'petstore-3.2' is not configured: contractTesting\(\) tracks 'petstore-3.1', 'petstore-3.0'/,
    )
  })

  it('says how to bind a spec when none is bound and there is no defaultSpec', () => {
    const unbound = ContractRuntime.install({ ...config, defaultSpec: null }, hooks)
    try {
      const check = () => unbound.run.context.resolveSpec(undefined, {}, 'toMatchOpenApiSchema')
      expect(check).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_NO_SPEC_BOUND' }))
      expect(check).toThrow(
        /Call openApiSpec\('<name>'\) at file or describe scope, pass \{ spec: '<name>' \}/,
      )
    } finally {
      ContractRuntime.install(config, hooks)
    }
  })

  it('refuses openApiSpec() inside a test and with an empty name', () => {
    expect(() => openApiSpec('petstore-3.1')).toThrowError(
      expect.objectContaining({
        code: 'CONTRACTTOOL_HARNESS_INVALID_BINDING',
        message: expect.stringContaining('inside a test'),
      }),
    )
    expect(() => openApiSpec('  ')).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_INVALID_BINDING' }),
    )
  })
})
