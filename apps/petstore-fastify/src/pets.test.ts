import { contractValidation, routeParity, SKIP_HEADER } from '@contracttool/fastify'
import { openApiSpec } from '@contracttool/vitest'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { buildApp, DEMO_TOKEN } from './app.js'

openApiSpec('petstore')

// The contract plugin checks every request and response the app answers, so a test may only assert the
// status and still fail on a contract violation; explicit matchers are checked once, not counted twice.
let app: FastifyInstance
beforeEach(async () => {
  app = await buildApp((instance) => instance.register(contractValidation))
})
afterEach(() => app.close())

const AUTHORIZED = { authorization: `Bearer ${DEMO_TOKEN}` }

/** Headers of a well-formed POST /pets: the token and an idempotency key. */
function createHeaders(key: string) {
  return { ...AUTHORIZED, 'idempotency-key': key }
}

describe('GET /pets', () => {
  test('lists every pet', async () => {
    const res = await app.inject({ method: 'GET', url: '/pets' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toHaveLength(3)
    expect(res).toMatchOpenApiSchema()
  })

  test('filters by kind and limits the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/pets', query: { kind: 'dog', limit: '1' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-total-count']).toBe('1')
  })

  test('answers an unknown kind with a problem', async () => {
    const res = await app.inject({ method: 'GET', url: '/pets?kind=bird' })
    expect(res.statusCode).toBe(400)
    expect(res).toMatchOpenApiSchema()
  })
})

describe('POST /pets', () => {
  test('creates a pet', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/pets',
      headers: createHeaders('create-luna'),
      payload: { name: 'Luna', kind: 'cat' },
    })
    expect(res.statusCode).toBe(201)
    expect(res).toMatchOpenApiRequest()
    expect(res).toMatchOpenApiSchema()
  })

  test('refuses unknown fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/pets',
      headers: createHeaders('create-luna-aged'),
      payload: { name: 'Luna', kind: 'cat', age: 2 },
    })
    expect(res.statusCode).toBe(400)
  })

  test('refuses a second pet with the same name', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/pets',
      headers: createHeaders('create-rex'),
      payload: { name: 'Rex', kind: 'dog' },
    })
    expect(res.statusCode).toBe(409)
  })

  test('refuses a request without a bearer token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/pets',
      headers: { 'idempotency-key': 'create-luna' },
      payload: { name: 'Luna', kind: 'cat' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
    expect(res).toMatchOpenApiSchema()
    expect((await app.inject({ method: 'GET', url: '/pets' })).json()).toHaveLength(3)
  })

  test.each([
    ['without', AUTHORIZED],
    ['with an empty', createHeaders('')],
  ])('refuses a request %s Idempotency-Key', async (_, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: '/pets',
      headers,
      payload: { name: 'Luna', kind: 'cat' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ detail: 'the Idempotency-Key header must be 1 to 64 characters' })
    expect(res).toMatchOpenApiSchema()
  })
})

describe('GET /pets/{petId}', () => {
  test('shows a pet', async () => {
    const res = await app.inject({ method: 'GET', url: '/pets/2' })
    expect(res.statusCode).toBe(200)
    expect(res).toMatchOpenApiSchema()
  })

  test('answers an unknown id with 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/pets/42' })
    expect(res.statusCode).toBe(404)
  })
})

describe('PATCH /pets/{petId}', () => {
  test('tags a pet', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/pets/1',
      headers: AUTHORIZED,
      payload: { tag: 'senior' },
    })
    expect(res.statusCode).toBe(200)
  })

  test('answers an unknown id with 404', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/pets/42',
      headers: AUTHORIZED,
      payload: { name: 'Nobody' },
    })
    expect(res.statusCode).toBe(404)
  })

  test('refuses a request without a bearer token and keeps the pet as it was', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/pets/1', payload: { tag: 'senior' } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized' })
    expect((await app.inject({ method: 'GET', url: '/pets/1' })).json()).not.toMatchObject({ tag: 'senior' })
  })
})

describe('DELETE /pets/{petId}', () => {
  test('deletes a pet', async () => {
    const remove = () => app.inject({ method: 'DELETE', url: '/pets/1', headers: AUTHORIZED })
    expect((await remove()).statusCode).toBe(204)
    expect((await remove()).statusCode).toBe(404)
  })

  test('refuses a token it did not issue', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/pets/1',
      headers: { authorization: 'Bearer someone-elses-token' },
    })
    expect(res.statusCode).toBe(401)
    expect(res).toMatchOpenApiSchema()
    expect((await app.inject({ method: 'GET', url: '/pets/1' })).statusCode).toBe(200)
  })
})

test('answers an undocumented method with 405 and the documented ones', async () => {
  // The spec documents no PUT /pets/{petId}, so the plugin is told to leave this exchange alone.
  const res = await app.inject({ method: 'PUT', url: '/pets/1', headers: { [SKIP_HEADER]: 'all' } })
  expect(res.statusCode).toBe(405)
  expect(res.headers.allow).toBe('GET, PATCH, DELETE')
})

test('every route is documented and every documented operation has a route', () => {
  const parity = routeParity(app, 'petstore')
  expect(parity.undocumentedRoutes).toEqual([])
  expect(parity.missingRoutes).toEqual([])
})

// GET /pets/{petId}/photo is served but left untested on purpose: the coverage report lists it as uncovered.
