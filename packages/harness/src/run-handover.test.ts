import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HarnessErrorCode } from './errors.js'
import { emptyObservations, type RunEnvelope } from './run-envelope.js'
import { collectHandovers, createHandoverDir, removeHandoverDir, startHandover } from './run-handover.js'

function envelope(): RunEnvelope {
  const observed = emptyObservations()
  return {
    version: 1,
    coverage: observed.coverage.toState(),
    strictRequired: observed.strictRequired.toState(),
    strictAdditionalProperties: observed.additional.toState(),
  }
}

describe('run handover', () => {
  it('collects what each process handed over, and names the ones that started and never did', () => {
    const dir = createHandoverDir()
    try {
      startHandover(dir, 'test/a.test.mjs').handOver(envelope())
      startHandover(dir, 'test/quiet.test.mjs').handOver(undefined)
      startHandover(dir, 'test/dies.test.mjs')
      const { envelopes, unfinished } = collectHandovers(dir)
      expect(envelopes).toEqual([envelope()])
      expect(unfinished).toEqual([{ label: 'test/dies.test.mjs', pid: process.pid }])
      expect(readdirSync(dir).filter((name) => name.startsWith('started-'))).toHaveLength(1)
    } finally {
      removeHandoverDir(dir)
    }
  })

  it('names a file once however often it died, and not at all when an attempt after a death handed over', () => {
    const dir = createHandoverDir()
    try {
      // Jest runs a file again when its worker crashed: the first attempts leave their start markers.
      startHandover(dir, 'test/retried.test.mjs')
      startHandover(dir, 'test/retried.test.mjs').handOver(envelope())
      startHandover(dir, 'test/always-dies.test.mjs')
      startHandover(dir, 'test/always-dies.test.mjs')
      startHandover(dir, 'test/always-dies.test.mjs')
      const { envelopes, unfinished } = collectHandovers(dir)
      expect(envelopes).toEqual([envelope()])
      expect(unfinished).toEqual([{ label: 'test/always-dies.test.mjs', pid: process.pid }])
    } finally {
      removeHandoverDir(dir)
    }
  })

  it('refuses an envelope it cannot read, naming the file', () => {
    const dir = createHandoverDir()
    try {
      writeFileSync(join(dir, 'envelope-abc.json'), '{"label":"x","envelope":{"version":9}}')
      expect(() => collectHandovers(dir)).toThrowError(
        expect.objectContaining({
          code: HarnessErrorCode.HandoverUnreadable,
          message: expect.stringContaining(`${join(dir, 'envelope-abc.json')}: unknown envelope version 9`),
        }),
      )
      writeFileSync(join(dir, 'envelope-abc.json'), '{"label":')
      expect(() => collectHandovers(dir)).toThrow(/cannot read the observations a test process handed over/)
    } finally {
      removeHandoverDir(dir)
    }
  })
})
