import { AssertionError } from 'node:assert'
import { fixturePath } from '@contracttool/fixtures'
import { HarnessErrorCode } from '@contracttool/harness/internal'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import { assertResponseMatchesOpenApiSchema as vitestAssertResponse } from '@contracttool/vitest'
import express from 'express'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { assertRequestMatchesOpenApiSchema } from './assert-request-matches-open-api-schema.js'
import { assertResponseMatchesOpenApiSchema } from './assert-response-matches-open-api-schema.js'
import { OpenApiAssertionError } from './open-api-assertion-error.js'
import { openApiSpec } from './open-api-spec.js'

const app = express()
app.use(express.json())
app.get('/pets/:petId', (_req, res) => res.json({ id: '1', name: 'Tom', kind: 'cat' }))
app.post('/pets', (_req, res) => res.status(201).json({ id: 2 }))

let spec: LoadedSpec
beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
})

/** The error a call throws. */
function thrown(call: () => void): Error {
  try {
    call()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to throw')
}

describe('assertResponseMatchesOpenApiSchema / assertRequestMatchesOpenApiSchema', () => {
  it("throw a node:assert AssertionError with the Vitest binding's message", async () => {
    const res = await request(app).get('/pets/1')
    const error = thrown(() => assertResponseMatchesOpenApiSchema(res, { spec }))
    expect(error).toBeInstanceOf(AssertionError)
    expect(error).toBeInstanceOf(OpenApiAssertionError)
    expect(error).toMatchObject({ code: 'ERR_ASSERTION', operator: 'assertResponseMatchesOpenApiSchema' })
    expect((error as OpenApiAssertionError).result?.outcome).toBe('failure')
    expect(error.message).toBe(thrown(() => vitestAssertResponse(res, { spec })).message)
    expect(error.message).toContain('[/id] must be integer, received "1" (string)')
  })

  it('check the request a response answers', async () => {
    const res = await request(app).post('/pets').send({ kind: 'cat' })
    const error = thrown(() => assertRequestMatchesOpenApiSchema(res, { spec }))
    expect(error).toBeInstanceOf(AssertionError)
    expect(error.message).toMatch(/^POST \/pets/)
  })

  it.each([
    ['assertResponseMatchesOpenApiSchema', assertResponseMatchesOpenApiSchema],
    ['assertRequestMatchesOpenApiSchema', assertRequestMatchesOpenApiSchema],
  ] as const)('%s refuses a non-response and an un-awaited supertest request', (name, assert) => {
    expect(thrown(() => assert(42, { spec }))).toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE',
      message: expect.stringContaining(`${name}() received number 42, which is not a response.`),
    })
    const pending = request(app).get('/pets/1')
    expect(thrown(() => assert(pending, { spec }))).toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE',
      message: expect.stringContaining('did you forget await?'),
    })
  })

  it('say how to register when a spec is named outside a registered process', async () => {
    const res = await request(app).get('/pets/1')
    expect(thrown(() => assertResponseMatchesOpenApiSchema(res, { spec: 'petstore' }))).toMatchObject({
      code: HarnessErrorCode.NotRegistered,
      message: expect.stringContaining('needs --import @contracttool/node-test/register'),
    })
  })
})

describe('openApiSpec', () => {
  it.each([[''], ['  '], [undefined]])('refuses the name %j', (name) => {
    expect(thrown(() => openApiSpec(name as string))).toMatchObject({
      code: HarnessErrorCode.InvalidBinding,
      message: expect.stringContaining('openApiSpec() needs a non-empty spec name'),
    })
  })
})
