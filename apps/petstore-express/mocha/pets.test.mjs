// The calls of src/pets.test.ts under Mocha: chai assertions over supertest and axios calls, and the
// node:assert-style assertions of @contracttool/mocha (the app as built by `pnpm build`).
import assert from 'node:assert/strict'
import { chaiContractTesting } from '@contracttool/chai'
import { assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/mocha'
import axios from 'axios'
import * as chai from 'chai'
import request from 'supertest'
import { createApp, DEMO_TOKEN } from '../dist/app.js'

chai.use(chaiContractTesting)
const { expect } = chai

openApiSpec('petstore')

const AUTH = { Authorization: `Bearer ${DEMO_TOKEN}` }

let app
let server
/** axios on the app, listening on an ephemeral port; every status resolves (the tests assert it). */
let client
beforeEach(async () => {
  app = createApp()
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  client = axios.create({ baseURL: `http://127.0.0.1:${server.address().port}`, validateStatus: () => true })
})
afterEach(() => new Promise((resolve) => server.close(resolve)))

describe('GET /pets', () => {
  it('lists every pet', async () => {
    const res = await client.get('/pets')
    expect(res.status).to.equal(200)
    expect(res.data).to.have.length(3)
    expect(res).to.matchOpenApiSchema()
  })

  it('filters by kind and limits the page', async () => {
    const res = await client.get('/pets', { params: { kind: 'cat', limit: 1 } })
    expect(res.status).to.equal(200)
    expect(res.headers['x-total-count']).to.equal('2')
    expect(res).to.satisfyApiSpec
  })

  it('answers an out-of-range limit with a problem', async () => {
    const res = await client.get('/pets?limit=0')
    expect(res.status).to.equal(400)
    expect(res).to.matchOpenApiSchema()
  })
})

describe('POST /pets', () => {
  it('creates a pet', async () => {
    const res = await request(app)
      .post('/pets')
      .set({ ...AUTH, 'Idempotency-Key': 'luna-1' })
      .send({ name: 'Luna', kind: 'cat', tag: 'kitten' })
    expect(res.status).to.equal(201)
    expect(res).to.matchOpenApiRequest()
    expect(res).to.matchOpenApiSchema()
  })

  it('refuses a pet without a kind', async () => {
    const res = await client.post(
      '/pets',
      { name: 'Luna' },
      { headers: { ...AUTH, 'Idempotency-Key': 'luna-2' } },
    )
    expect(res.status).to.equal(400)
    expect(res).to.matchOpenApiSchema()
  })

  it('refuses a second pet with the same name', async () => {
    const res = await request(app)
      .post('/pets')
      .set({ ...AUTH, 'Idempotency-Key': 'tom-1' })
      .send({ name: 'Tom', kind: 'cat' })
    expect(res.status).to.equal(409)
    expect(res).to.matchOpenApiSchema()
  })

  it('refuses a request without a token', async () => {
    const res = await request(app)
      .post('/pets')
      .set('Idempotency-Key', 'luna-3')
      .send({ name: 'Luna', kind: 'cat' })
    expect(res.status).to.equal(401)
    expect(res.body.title).to.equal('Unauthorized')
    expect(res).to.matchOpenApiSchema()
    expect((await request(app).get('/pets')).body).to.have.length(3)
  })
})

describe('GET /pets/{petId}', () => {
  it('shows a pet', async () => {
    const res = await client.get('/pets/1')
    expect(res.status).to.equal(200)
    expect(res).to.matchOpenApiSchema()
  })

  it('answers an unknown id with 404', async () => {
    // Plain axios rejects a 404: the AxiosError's response is what is checked.
    const error = await axios.get(`${client.defaults.baseURL}/pets/999`).catch((caught) => caught)
    expect(error.response.status).to.equal(404)
    expect(error.response).to.matchOpenApiSchema()
  })
})

describe('PATCH /pets/{petId}', () => {
  it('renames a pet', async () => {
    const res = await request(app).patch('/pets/2').set(AUTH).send({ name: 'Rexy' })
    assert.equal(res.status, 200)
    assert.equal(res.body.name, 'Rexy')
    assertResponseMatchesOpenApiSchema(res)
  })

  it('answers an unknown id with 404', async () => {
    const res = await request(app).patch('/pets/999').set(AUTH).send({ tag: null })
    assert.equal(res.status, 404)
    assertResponseMatchesOpenApiSchema(res)
  })

  it('refuses a request without a token', async () => {
    const res = await request(app).patch('/pets/2').send({ name: 'Rexy' })
    assert.equal(res.status, 401)
    assertResponseMatchesOpenApiSchema(res)
    assert.equal((await request(app).get('/pets/2')).body.name, 'Rex')
  })
})

describe('DELETE /pets/{petId}', () => {
  it('deletes a pet', async () => {
    const res = await client.delete('/pets/3', { headers: AUTH })
    expect(res.status).to.equal(204)
    expect(res).to.matchOpenApiSchema()
  })

  it('answers an unknown id with 404', async () => {
    const res = await client.delete('/pets/999', { headers: AUTH })
    expect(res.status).to.equal(404)
    expect(res).to.matchOpenApiSchema()
  })

  it('refuses a token that is not the right one', async () => {
    const res = await client.delete('/pets/3', { headers: { Authorization: 'Bearer not-the-token' } })
    expect(res.status).to.equal(401)
    expect(res).to.matchOpenApiSchema()
    expect((await client.get('/pets/3')).status).to.equal(200)
  })
})

// GET /pets/{petId}/photo is left untested on purpose: the coverage report lists it as uncovered.
