import { describe, expect, it } from 'vitest'
import { TestEndChecks } from './test-end-checks.js'

describe('TestEndChecks', () => {
  it('runs every registered check at each settle, one after the other, until it is stopped', async () => {
    const checks = new TestEndChecks()
    const ran: string[] = []
    checks.add(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      ran.push('slow')
    })
    const stop = checks.add(async () => void ran.push('fast'))
    await checks.settle()
    expect(ran).toEqual(['slow', 'fast'])
    stop()
    await checks.settle()
    expect(ran).toEqual(['slow', 'fast', 'slow'])
  })
})
