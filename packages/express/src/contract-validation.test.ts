import { Readable } from 'node:stream'
import { fixturePath } from '@contracttool/fixtures'
import type { ContractViolationError } from '@contracttool/server-check'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import type { Exchange, ValidationResult } from '@contracttool/validator'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { contractValidation, withoutContractValidation } from './contract-validation.js'
import { EXPRESS_MAJORS, type ExpressModule } from './express-majors.test-kit.js'

let spec: LoadedSpec
beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
})

const TOM = { id: 1, name: 'Tom', kind: 'cat' }
const AUTH = { authorization: 'Bearer t' }
const PHOTO = { url: 'https://example.com/tom.png', width: 0, height: 10 }

function appWith(express: ExpressModule, options: Parameters<typeof contractValidation>[0] = {}) {
  const results: ValidationResult[] = []
  const exchanges: Exchange[] = []
  const violations: ContractViolationError[] = []
  const middleware = contractValidation({
    spec,
    onResult: (result, exchange) => {
      results.push(result)
      exchanges.push(exchange)
    },
    onViolation: (error) => violations.push(error),
    ...options,
  })
  const app = express()
  app.use(express.json())
  app.use(middleware)
  app.get('/pets', (req, res) => {
    res.set('X-Rate-Limit', '5')
    if (req.query.via === 'stream') {
      res.type('application/json')
      Readable.from(['[', JSON.stringify(TOM), ']']).pipe(res)
    } else if (req.query.via === 'write') {
      res.type('application/json')
      res.write('[')
      res.write(Buffer.from(JSON.stringify({ ...TOM, id: 'x' })))
      res.end(']')
    } else res.json([TOM])
  })
  app.get('/health', withoutContractValidation(), (_req, res) => {
    res.type('text/plain').send('not the documented JSON')
  })
  app.post('/pets', (req, res) => {
    res.status(201).json({ id: 2, ...req.body, seen: req.headers['x-contracttool-skip'] ?? null })
  })
  app.get('/pets/:petId/photo', (req, res) => {
    if (req.query.as === 'png') res.type('image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    else if (req.query.as === 'buffer') res.type('application/json').send(Buffer.from(JSON.stringify(PHOTO)))
    else res.type('application/json').send(JSON.stringify(PHOTO))
  })
  app.delete('/pets/:petId', (req, res) => {
    if (req.query.via === 'sendStatus') res.sendStatus(204)
    else res.status(204).end()
  })
  return { app, results, exchanges, violations, middleware }
}

describe.each(EXPRESS_MAJORS)('contractValidation (%s)', (_label, express) => {
  it('checks the request and the response of every exchange, reading the body from res.json', async () => {
    const { app, results, violations } = appWith(express)
    await request(app).get('/pets').set(AUTH)
    expect(results.map((result) => [result.outcome, result.matchedPath, result.matchedStatusKey])).toEqual([
      ['success', '/pets', null],
      ['success', '/pets', '200'],
    ])
    expect(violations).toEqual([])
  })

  it('captures bodies written through a piped stream and through res.write / res.end', async () => {
    const { app, results, violations } = appWith(express)
    await request(app).get('/pets?via=stream').set(AUTH)
    expect(results[1]?.outcome).toBe('success')
    await request(app).get('/pets?via=write').set(AUTH)
    expect(results[3]?.outcome).toBe('failure')
    expect(violations).toHaveLength(1)
    expect(violations[0]?.message).toContain(
      'OpenAPI contract violation in the response (@contracttool/express, GET /pets?via=write → 200)',
    )
    expect(violations[0]?.message).toContain('/0/id')
  })

  it('captures bodies sent with res.send, as a string or as a Buffer', async () => {
    const { app, results, exchanges, violations } = appWith(express)
    await request(app).get('/pets/1/photo?as=string').set(AUTH)
    await request(app).get('/pets/1/photo?as=buffer').set(AUTH)
    await request(app).get('/pets/1/photo?as=png').set(AUTH)
    expect(results.map((result) => [result.outcome, result.matchedStatusKey])).toEqual([
      ['success', null],
      ['failure', '200'],
      ['success', null],
      ['failure', '200'],
      ['success', null],
      ['skipped', '200'],
    ])
    expect(exchanges[1]?.response?.body).toEqual(PHOTO)
    expect(exchanges[3]?.response?.body).toEqual(PHOTO)
    expect(exchanges[5]?.response?.body).toBe('\uFFFDPNG')
    expect(violations.map((error) => [error.side, error.message.includes('[/width]')])).toEqual([
      ['response', true],
      ['response', true],
    ])
  })

  it('checks responses without a body: res.status(204).end() and res.sendStatus(204)', async () => {
    const { app, results, exchanges, violations } = appWith(express)
    await request(app).delete('/pets/1').set(AUTH).expect(204)
    await request(app).delete('/pets/1?via=sendStatus').set(AUTH).expect(204)
    expect(results.map((result) => [result.outcome, result.matchedStatusKey])).toEqual([
      ['success', null],
      ['success', '204'],
      ['success', null],
      ['success', '204'],
    ])
    expect(exchanges.map((exchange) => exchange.response?.body)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(violations).toEqual([])
  })

  it('validates the request body the app parsed into req.body', async () => {
    const { app, exchanges, violations } = appWith(express)
    await request(app).post('/pets').set(AUTH).send({ name: '', kind: 'cat' })
    expect(exchanges[0]?.request.body).toEqual({ name: '', kind: 'cat' })
    const requestErrors = violations.filter((error) => error.side === 'request')
    expect(requestErrors).toHaveLength(1)
    expect(requestErrors[0]?.message).toContain('[/name]')
  })

  it('sees no request body when the request carried none', async () => {
    const { app, exchanges, violations } = appWith(express)
    await request(app).get('/pets').set(AUTH)
    await request(app).post('/pets').set(AUTH)
    expect(exchanges.map((exchange) => exchange.request.body)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    const requestErrors = violations.filter((error) => error.side === 'request')
    expect(requestErrors).toHaveLength(1)
    expect(requestErrors[0]?.message).toContain('Request body is empty')
  })

  it('reports request violations with the side that broke the contract', async () => {
    const { app, violations } = appWith(express)
    await request(app).get('/pets')
    expect(violations.map((error) => [error.side, error.name])).toEqual([['request', 'AssertionError']])
    expect(violations[0]?.message).toContain('[security]')
  })

  it('lets a test opt one request out with x-contracttool-skip, which the app never sees', async () => {
    const { app, results } = appWith(express)
    const res = await request(app)
      .post('/pets')
      .set(AUTH)
      .set('x-contracttool-skip', 'response')
      .send({ name: 'Rex' })
    expect(res.body.seen).toBeNull()
    expect(results.map((result) => result.matchedStatusKey)).toEqual([null])
  })

  it('lets a route opt out with withoutContractValidation()', async () => {
    const { app, results } = appWith(express)
    await request(app).get('/health')
    expect(results).toEqual([])
  })

  it('honours autoAssert: false and autoValidateRequest: false', async () => {
    const { app, results } = appWith(express, { autoAssert: false })
    await request(app).get('/pets').set(AUTH)
    expect(results.map((result) => result.matchedStatusKey)).toEqual([null])
    const requestOff = appWith(express, { autoValidateRequest: false })
    await request(requestOff.app).get('/pets').set(AUTH)
    expect(requestOff.results.map((result) => result.matchedStatusKey)).toEqual(['200'])
  })

  it('keeps violations for runners without @contracttool/vitest: violations(), assertNoViolations()', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.message)
    process.on('warning', onWarning)
    try {
      const middleware = contractValidation({ spec })
      const app = express()
        .use(middleware)
        .get('/pets', (_req, res) => res.json([{ id: 'x' }]))
      await request(app).get('/pets').set(AUTH)
      await new Promise((resolve) => setImmediate(resolve))
      expect(middleware.violations()).toHaveLength(1)
      expect(warnings.some((warning) => warning.includes('OpenAPI contract violation in the response'))).toBe(
        true,
      )
      expect(() => middleware.assertNoViolations()).toThrow(/GET \/pets → 200/)
      expect(() => middleware.assertNoViolations()).not.toThrow()
    } finally {
      process.off('warning', onWarning)
    }
  })
})

describe('contractValidation options', () => {
  it('refuses to start without a spec when no @contracttool/vitest run provides one', () => {
    const call = () => contractValidation({ spec: 'petstore' })
    expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_EXPRESS_NO_SPEC' }))
    expect(call).toThrow(/Pass \{ spec: await loadSpec\('petstore', \{ basePath: 'openapi' \}\) \}/)
  })

  it.each([
    ['an unknown option', { spec: {} as LoadedSpec, autoassert: true }, /'autoassert' is unknown/],
    [
      'a non-boolean switch',
      { spec: {} as LoadedSpec, autoAssert: 'yes' },
      /'autoAssert' must be true or false/,
    ],
    ['a non-function callback', { spec: {} as LoadedSpec, onResult: 1 }, /'onResult' must be a function/],
  ])('refuses %s', (_name, options, message) => {
    const call = () => contractValidation(options as never)
    expect(call).toThrow(message)
    expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_EXPRESS_INVALID_OPTION' }))
  })
})
