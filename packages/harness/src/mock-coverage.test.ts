import { loadSpecFromValue } from '@contracttool/spec-loader'
import { validateResponse } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { ContractRecorder } from './contract-recorder.js'
import { mergeEnvelopes } from './run-envelope.js'

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
