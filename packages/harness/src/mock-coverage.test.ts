import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadSpecFromValue } from '@contracttool/spec-loader'
import { validateResponse } from '@contracttool/validator'
import { afterAll, describe, expect, it } from 'vitest'
import { ContractRecorder } from './contract-recorder.js'
import { finishRun } from './finish-run.js'
import { resolveOptions } from './resolve-options.js'
import { mergeEnvelopes } from './run-envelope.js'
import { runnerSettingNames } from './runner-setting-names.js'

const spec = loadSpecFromValue(
  {
    openapi: '3.1.0',
    info: { title: 'items', version: '1' },
    paths: { '/health': { get: { responses: { '200': { description: 'up' } } } } },
  },
  { name: 'items' },
)
const health = validateResponse(spec, { method: 'GET', path: '/health', status: 200 })

function recorder(): ContractRecorder {
  return new ContractRecorder({
    observeStrictRequired: false,
    observeStrictAdditionalProperties: false,
    strictRequiredPerCall: 'off',
    strictAdditionalPropertiesPerCall: 'off',
  })
}

describe('mock coverage in the recorder and the envelopes', () => {
  it('is recorded apart from the coverage, and merged apart', () => {
    const mocks = recorder()
    mocks.recordMockResponse(health)
    const mocked = mocks.takeEnvelope()
    const api = recorder()
    api.recordResponse(spec, health, undefined)
    const checked = api.takeEnvelope()
    expect(mocked?.mockCoverage).toBeDefined()
    // An envelope without mocks has no mockCoverage field (as the envelopes of earlier versions).
    expect(checked).not.toHaveProperty('mockCoverage')
    const merged = mergeEnvelopes([mocked, checked].filter((envelope) => envelope !== undefined))
    expect(merged.coverage.toState()).toEqual(checked?.coverage)
    expect(merged.mockCoverage.toState()).toEqual(mocked?.mockCoverage)
    expect(mergeEnvelopes([checked as never]).mockCoverage.hasObservations()).toBe(false)
  })
})

describe('mock coverage at the end of a run', () => {
  const root = mkdtempSync(join(tmpdir(), 'contracttool-mock-coverage-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const io = { out: () => {}, err: () => {}, env: {}, color: false, toolVersion: '1.0.0' }
  const observations = () => {
    const mocks = recorder()
    mocks.recordMockResponse(health)
    return mergeEnvelopes([mocks.takeEnvelope() as never])
  }
  const finish = (given: Record<string, unknown>) =>
    finishRun(
      {
        specs: [spec],
        observations: observations(),
        options: resolveOptions(
          { specBasePath: '.', specs: ['items'], ...given },
          undefined,
          root,
          {},
          'test',
        ),
        names: runnerSettingNames('test'),
      },
      io,
    )

  it('is written to the Markdown report, never to JUnit', () => {
    const { exitCode } = finish({ outputFile: 'reports/coverage.md', junitOutput: 'reports/coverage.xml' })
    expect(exitCode).toBe(0)
    const markdown = readFileSync(join(root, 'reports/coverage.md'), 'utf8')
    expect(markdown).toMatch(
      /^## OpenAPI Mock Coverage \(mocked responses; not counted toward coverage or gates\)\n/,
    )
    expect(markdown).toContain('### items — endpoints: 1/1 fully covered (100%)')
    expect(existsSync(join(root, 'reports/coverage.xml'))).toBe(false)
  })

  it('travels in the sidecar of a run that writes one', () => {
    expect(finish({ sidecarDir: 'sidecars' }).exitCode).toBe(0)
    const [file] = readdirSync(join(root, 'sidecars'))
    const sidecar = JSON.parse(readFileSync(join(root, 'sidecars', file ?? ''), 'utf8'))
    expect(sidecar.mockCoverage.specs.items['GET /health'].responses['200:*'].hits).toBe(1)
    expect(sidecar.coverage.specs).toEqual({})
  })
})
