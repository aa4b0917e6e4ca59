import { describe, expect, it } from 'vitest'
import { propertyRuns } from './property-runs.js'

describe('propertyRuns', () => {
  it('runs 10,000 inputs, with the fixed seed only in CI', () => {
    const saved = process.env.CI
    try {
      process.env.CI = 'true'
      expect(propertyRuns()).toEqual({ numRuns: 10_000, seed: expect.any(Number) })
      delete process.env.CI
      expect(propertyRuns()).toEqual({ numRuns: 10_000 })
    } finally {
      if (saved === undefined) delete process.env.CI
      else process.env.CI = saved
    }
  })
})
