import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { removeRuns, runContractVitest } from './run-contract-vitest.test-kit.js'

// The server-side adapters promise that every response they check counts toward coverage, with no
// matcher in the test. A test that only sends requests through them must leave the response covered.
const PACKAGES = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const ALIAS = {
  '@contracttool/express': join(PACKAGES, 'express/src/index.ts'),
  '@contracttool/fastify': join(PACKAGES, 'fastify/src/index.ts'),
}

const HEADERS = `{ authorization: 'Bearer test-token', 'x-request-id': '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b' }`
const NOT_FOUND = `{ type: 'about:blank', title: 'Not Found', status: 404 }`

const SUITES: Record<string, Record<string, string>> = {
  express: {
    'express.test.ts': `
import { contractValidation } from '@contracttool/express'
import express from 'express'
import request from 'supertest'
import { test } from 'vitest'

test('through the middleware', async () => {
  const app = express()
  app.use(contractValidation())
  app.get('/pets/:id', (_req, res) => {
    res.status(404).type('application/problem+json').send(JSON.stringify(${NOT_FOUND}))
  })
  await request(app).get('/pets/7').set(${HEADERS})
})
`,
  },
  fastify: {
    'fastify.test.ts': `
import { contractValidation } from '@contracttool/fastify'
import Fastify from 'fastify'
import { test } from 'vitest'

test('through the plugin', async () => {
  const app = Fastify()
  await app.register(contractValidation)
  app.get('/pets/:id', (_req, reply) => {
    reply.code(404).type('application/problem+json').send(${NOT_FOUND})
  })
  await app.inject({ method: 'GET', url: '/pets/7', headers: ${HEADERS} })
  await app.close()
})
`,
  },
}

afterAll(() => removeRuns())

describe('responses checked by a server-side adapter count toward coverage', { timeout: 300_000 }, () => {
  it.each(Object.keys(SUITES))('%s', async (adapter) => {
    const run = await runContractVitest(SUITES[adapter] as Record<string, string>, {
      plugin: { specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' },
      alias: ALIAS,
    })
    expect(run.startError).toBeUndefined()
    expect(run.errors).toEqual({})
    expect(Object.values(run.tests)).toEqual(['passed'])
    expect(run.stdout).toMatch(/GET \/pets\/\{petId\} +\(1\/\d responses\)/)
    expect(run.stdout).toMatch(/[✓◐] GET \/pets\/\{petId\}/)
  })
})
