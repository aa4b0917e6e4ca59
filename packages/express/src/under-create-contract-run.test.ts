import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContractRun } from '@contracttool/harness'
import express from 'express'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { contractValidation } from './contract-validation.js'

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'items', version: '1' },
  paths: {
    '/health': {
      get: {
        responses: {
          '200': {
            description: 'up',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    '/items': { get: { responses: { '200': { description: 'the items' } } } },
  },
}

let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** A run rooted in a fresh project with `openapi/items.json`; its console report lands in `out`. */
async function startRun(out: string[]) {
  root = mkdtempSync(join(tmpdir(), 'contracttool-express-run-'))
  mkdirSync(join(root, 'openapi'))
  writeFileSync(join(root, 'openapi', 'items.json'), JSON.stringify(SPEC))
  return createContractRun(
    { specBasePath: 'openapi', specs: ['items'], defaultSpec: 'items', githubStepSummary: false },
    { root, io: { out: (text) => out.push(text), err: () => undefined, env: {}, color: false } },
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
    expect(out.join('')).toContain('[items] endpoints: 1/2 fully covered (50%), 0 partial, 1 uncovered')
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
