import { dirname } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { createContractRun } from '@contracttool/harness'
import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { contractValidation } from './contract-validation.js'

/** A run over the petstore fixture; its console report lands in `out`. */
function startRun(out: string[]) {
  const specs = dirname(fixturePath('petstore-3.1.json'))
  return createContractRun(
    { specBasePath: '.', specs: ['petstore-3.1'], defaultSpec: 'petstore-3.1', githubStepSummary: false },
    { root: specs, io: { out: (text) => out.push(text), err: () => undefined, env: {}, color: false } },
  )
}

describe('contractValidation() under createContractRun()', () => {
  it("counts the responses the middleware checked toward the run's coverage", async () => {
    const out: string[] = []
    const run = await startRun(out)
    const middleware = contractValidation()
    const app = express().use(middleware)
    app.get('/health', (_req, res) => {
      res.json({ status: 'ok' })
    })
    await request(app).get('/health').expect(200)
    expect(middleware.violations()).toEqual([])
    expect(await run.finish()).toEqual({ exitCode: 0 })
    expect(out.join('')).toMatch(/\[petstore-3\.1\] endpoints: 1\/\d+ fully covered/)
  })

  it('resolves the spec through the run and keeps its violations', async () => {
    const run = await startRun([])
    const middleware = contractValidation({ onViolation: () => undefined })
    const app = express().use(middleware)
    app.get('/health', (_req, res) => {
      res.json({ status: 1 })
    })
    await request(app).get('/health')
    expect(middleware.violations().map((error) => error.side)).toEqual(['response'])
    await run.finish()
  })

  it('stops reporting into a run once it has finished', async () => {
    const run = await startRun([])
    const middleware = contractValidation({ onViolation: () => undefined })
    const app = express().use(middleware)
    app.get('/health', (_req, res) => {
      res.json({ status: 'ok' })
    })
    await run.finish()
    await request(app).get('/health')
    expect(middleware.violations().map((error) => error.side)).toEqual(['setup'])
    expect(() => contractValidation()).toThrow(/no spec to validate against/)
  })
})
