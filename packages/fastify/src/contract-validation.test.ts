import { Readable } from 'node:stream'
import { fixturePath } from '@contracttool/fixtures'
import type { ContractViolationError } from '@contracttool/server-check'
import type { ContractValidationOptions } from '@contracttool/server-check/internal'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import Fastify, { type FastifyReply } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { contractValidation } from './contract-validation.js'

let spec: LoadedSpec
beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
})

const TOM = { id: 1, name: 'Tom', kind: 'cat' }
const AUTH = { authorization: 'Bearer t' }

async function appWith(options: ContractValidationOptions = {}) {
  const results: ValidationResult[] = []
  const violations: ContractViolationError[] = []
  const app = Fastify()
  await app.register(contractValidation, {
    spec,
    onResult: (result) => results.push(result),
    onViolation: (error) => violations.push(error),
    ...options,
  })
  app.get('/pets', async (req, reply) => {
    reply.header('x-rate-limit', '5')
    if ((req.query as { via?: string }).via === 'stream') {
      return reply
        .type('application/json')
        .send(Readable.from(['[', JSON.stringify({ ...TOM, id: 'x' }), ']']))
    }
    return [TOM]
  })
  app.get('/health', { config: { contracttool: false } }, async (_req, reply) =>
    reply.type('text/plain').send('undocumented'),
  )
  app.post('/pets', { config: { contracttool: { request: false } } }, async (req, reply) =>
    reply
      .code(201)
      .send({ id: 2, ...(req.body as object), seen: req.headers['x-contracttool-skip'] ?? null }),
  )
  return { app, results, violations }
}

describe('contractValidation (Fastify)', () => {
  it('checks the request and the response of every exchange in onSend', async () => {
    const { app, results, violations } = await appWith()
    const res = await app.inject({ method: 'GET', url: '/pets', headers: AUTH })
    expect(res.json()).toEqual([TOM])
    expect(results.map((result) => [result.outcome, result.matchedStatusKey])).toEqual([
      ['success', null],
      ['success', '200'],
    ])
    expect(violations).toEqual([])
  })

  it('reads stream payloads and still sends their bytes', async () => {
    const { app, violations } = await appWith()
    const res = await app.inject({ method: 'GET', url: '/pets?via=stream', headers: AUTH })
    expect(res.json()).toEqual([{ ...TOM, id: 'x' }])
    expect(violations.map((error) => error.side)).toEqual(['response'])
    expect(violations[0]?.message).toContain('(@contracttool/fastify, GET /pets?via=stream → 200)')
  })

  it('honours route config opt-outs and the per-request header, which the app never sees', async () => {
    const { app, results } = await appWith()
    await app.inject({ method: 'GET', url: '/health' })
    expect(results).toEqual([])
    const res = await app.inject({
      method: 'POST',
      url: '/pets',
      headers: { ...AUTH, 'x-contracttool-skip': 'response' },
      payload: { name: 'Rex' },
    })
    expect(res.json().seen).toBeNull()
    expect(results).toEqual([])
  })

  it('honours autoAssert: false', async () => {
    const { app, results } = await appWith({ autoAssert: false })
    await app.inject({ method: 'GET', url: '/pets', headers: AUTH })
    expect(results.map((result) => result.matchedStatusKey)).toEqual([null])
  })

  it('leaves the request side of an exchange answered before its body was parsed unchecked', async () => {
    const results: ValidationResult[] = []
    const app = Fastify()
    await app.register(contractValidation, { spec, onResult: (result) => results.push(result) })
    const guard = async (_req: unknown, reply: FastifyReply) =>
      reply
        .code(400)
        .type('application/problem+json')
        .send({ type: 'about:blank', title: 'Rejected', status: 400 })
    app.post('/pets', { onRequest: guard }, async () => ({ id: 2 }))
    const answered = await app.inject({
      method: 'POST',
      url: '/pets',
      headers: AUTH,
      payload: { name: 'Luna' },
    })
    expect(answered.statusCode).toBe(400)
    expect(results.map((result) => [result.outcome, result.matchedStatusKey])).toEqual([['success', '400']])
    expect(app.contractValidation.violations()).toEqual([])

    results.length = 0
    await app.inject({ method: 'POST', url: '/pets', headers: AUTH })
    expect(results.map((result) => [result.outcome, result.matchedStatusKey])).toEqual([
      ['skipped', null],
      ['success', '400'],
    ])
  })

  it('records the routes registered after it and exposes the violations', async () => {
    const app = Fastify()
    await app.register(contractValidation, { spec })
    app.get('/pets/:petId', async () => ({ id: 'x' }))
    await app.ready()
    expect(app.contractValidation.routes()).toEqual([{ method: 'GET', path: '/pets/{petId}' }])
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve))
    await app.inject({
      method: 'GET',
      url: '/pets/1',
      headers: { ...AUTH, 'x-request-id': '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b' },
    })
    expect((await warned).name).toBe('ContractToolWarning')
    expect(app.contractValidation.violations()).toHaveLength(1)
    expect(() => app.contractValidation.assertNoViolations()).toThrow(/GET \/pets\/1 → 200/)
  })

  it('refuses to register without a spec when no @contracttool/vitest run provides one', async () => {
    await expect(Fastify().register(contractValidation, {})).rejects.toMatchObject({
      code: 'CONTRACTTOOL_FASTIFY_NO_SPEC',
    })
  })

  it('refuses options of the wrong type', async () => {
    await expect(
      Fastify().register(contractValidation, { spec, autoAssert: 'yes' as never }),
    ).rejects.toMatchObject({
      code: 'CONTRACTTOOL_FASTIFY_INVALID_OPTION',
      message: expect.stringContaining("'autoAssert' must be true or false"),
    })
  })
})
