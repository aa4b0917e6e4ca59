import { dirname } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { createContractRun } from '@contracttool/harness'
import Fastify from 'fastify'
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

async function appAnswering(body: unknown) {
  const app = Fastify()
  await app.register(contractValidation, { onViolation: () => undefined })
  app.get('/health', async () => body)
  return app
}

describe('contractValidation under createContractRun()', () => {
  it("counts the responses the plugin checked toward the run's coverage", async () => {
    const out: string[] = []
    const run = await startRun(out)
    const app = await appAnswering({ status: 'ok' })
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
    expect(app.contractValidation.violations()).toEqual([])
    expect(await run.finish()).toEqual({ exitCode: 0 })
    expect(out.join('')).toMatch(/\[petstore-3\.1\] endpoints: 1\/\d+ fully covered/)
    await app.close()
  })

  it('resolves the spec through the run and keeps its violations', async () => {
    const run = await startRun([])
    const app = await appAnswering({ status: 1 })
    await app.inject({ method: 'GET', url: '/health' })
    expect(app.contractValidation.violations().map((error) => error.side)).toEqual(['response'])
    await run.finish()
    await app.close()
  })

  it('stops reporting into a run once it has finished', async () => {
    const run = await startRun([])
    const app = await appAnswering({ status: 'ok' })
    await run.finish()
    await app.inject({ method: 'GET', url: '/health' })
    expect(app.contractValidation.violations().map((error) => error.side)).toEqual(['setup'])
    await app.close()
  })
})
