import { openApiSpec } from '@contracttool/vitest'
import request from 'supertest'
import { beforeEach, describe, expect, test } from 'vitest'
import { createApp, DEMO_TOKEN } from './app.js'

openApiSpec('petstore')

const AUTH = { Authorization: `Bearer ${DEMO_TOKEN}` }

let app: ReturnType<typeof createApp>
beforeEach(() => {
  app = createApp()
})

describe('GET /pets', () => {
  test('lists every pet', async () => {
    const res = await request(app).get('/pets')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(3)
    expect(res).toMatchOpenApiSchema()
  })

  test('filters by kind and limits the page', async () => {
    const res = await request(app).get('/pets').query({ kind: 'cat', limit: 1 })
    expect(res.status).toBe(200)
    expect(res.headers['x-total-count']).toBe('2')
    expect(res).toMatchOpenApiSchema()
  })

  test('answers an out-of-range limit with a problem', async () => {
    const res = await request(app).get('/pets?limit=0')
    expect(res.status).toBe(400)
    expect(res).toMatchOpenApiSchema()
  })
})

describe('POST /pets', () => {
  test('creates a pet', async () => {
    const res = await request(app)
      .post('/pets')
      .set({ ...AUTH, 'Idempotency-Key': 'luna-1' })
      .send({ name: 'Luna', kind: 'cat', tag: 'kitten' })
    expect(res.status).toBe(201)
    expect(res).toMatchOpenApiRequest()
    expect(res).toMatchOpenApiSchema()
  })

  test('refuses a pet without a kind', async () => {
    const res = await request(app)
      .post('/pets')
      .set({ ...AUTH, 'Idempotency-Key': 'luna-2' })
      .send({ name: 'Luna' })
    expect(res.status).toBe(400)
    expect(res).toMatchOpenApiSchema()
  })

  test('refuses a second pet with the same name', async () => {
    const res = await request(app)
      .post('/pets')
      .set({ ...AUTH, 'Idempotency-Key': 'tom-1' })
      .send({ name: 'Tom', kind: 'cat' })
    expect(res.status).toBe(409)
    expect(res).toMatchOpenApiSchema()
  })

  test('refuses a request without a token', async () => {
    const res = await request(app)
      .post('/pets')
      .set('Idempotency-Key', 'luna-3')
      .send({ name: 'Luna', kind: 'cat' })
    expect(res.status).toBe(401)
    expect(res.body.title).toBe('Unauthorized')
    expect(res).toMatchOpenApiSchema()
    expect((await request(app).get('/pets')).body).toHaveLength(3)
  })
})

describe('GET /pets/{petId}', () => {
  test('shows a pet', async () => {
    const res = await request(app).get('/pets/1')
    expect(res.status).toBe(200)
    expect(res).toMatchOpenApiSchema()
  })

  test('answers an unknown id with 404', async () => {
    const res = await request(app).get('/pets/999')
    expect(res.status).toBe(404)
    expect(res).toMatchOpenApiSchema()
  })
})

describe('PATCH /pets/{petId}', () => {
  test('renames a pet', async () => {
    const res = await request(app).patch('/pets/2').set(AUTH).send({ name: 'Rexy' })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Rexy')
    expect(res).toMatchOpenApiSchema()
  })

  test('answers an unknown id with 404', async () => {
    const res = await request(app).patch('/pets/999').set(AUTH).send({ tag: null })
    expect(res.status).toBe(404)
    expect(res).toMatchOpenApiSchema()
  })

  test('refuses a request without a token', async () => {
    const res = await request(app).patch('/pets/2').send({ name: 'Rexy' })
    expect(res.status).toBe(401)
    expect(res).toMatchOpenApiSchema()
    expect((await request(app).get('/pets/2')).body.name).toBe('Rex')
  })
})

describe('DELETE /pets/{petId}', () => {
  test('deletes a pet', async () => {
    const res = await request(app).delete('/pets/3').set(AUTH)
    expect(res.status).toBe(204)
    expect(res).toMatchOpenApiSchema()
  })

  test('answers an unknown id with 404', async () => {
    const res = await request(app).delete('/pets/999').set(AUTH)
    expect(res.status).toBe(404)
    expect(res).toMatchOpenApiSchema()
  })

  test('refuses a token that is not the right one', async () => {
    const res = await request(app).delete('/pets/3').set('Authorization', 'Bearer not-the-token')
    expect(res.status).toBe(401)
    expect(res).toMatchOpenApiSchema()
    expect((await request(app).get('/pets/3')).status).toBe(200)
  })
})

// GET /pets/{petId}/photo is left untested on purpose: the coverage report lists it as uncovered.
