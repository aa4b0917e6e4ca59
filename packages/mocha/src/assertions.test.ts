import type { AddressInfo } from 'node:net'
import { fixturePath } from '@contracttool/fixtures'
import { HarnessErrorCode } from '@contracttool/harness/internal'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import axios from 'axios'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertRequestMatchesOpenApiSchema } from './assert-request-matches-open-api-schema.js'
import { assertResponseMatchesOpenApiSchema } from './assert-response-matches-open-api-schema.js'
import { openApiSpec } from './open-api-spec.js'

const app = express()
app.use(express.json())
app.get('/pets/:petId', (_req, res) => res.json({ id: '1', name: 'Tom', kind: 'cat' }))

let spec: LoadedSpec
let server: ReturnType<typeof app.listen>
let baseURL: string
beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** The error a call throws. */
function thrown(call: () => void): Error {
  try {
    call()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to throw')
}

describe('assertResponseMatchesOpenApiSchema / assertRequestMatchesOpenApiSchema outside a registered run', () => {
  it('check an axios response against a loaded spec, throwing an AssertionError Mocha draws a diff for', async () => {
    const error = thrown(() => assertResponseMatchesOpenApiSchema(undefined as never, { spec }))
    expect(error).toMatchObject({ code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE' })
    const res = await axios.get(`${baseURL}/pets/1`)
    const failed = thrown(() => assertResponseMatchesOpenApiSchema(res, { spec }))
    expect(failed).toMatchObject({ name: 'AssertionError', showDiff: true })
    expect(failed.message).toContain('[/id] must be integer, received "1" (string)')
  })

  it('ask whether await was forgotten for an un-awaited axios call', async () => {
    const pending = axios.get(`${baseURL}/pets/1`)
    expect(thrown(() => assertRequestMatchesOpenApiSchema(pending, { spec }))).toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE',
      message: expect.stringContaining('did you forget await?'),
    })
    await pending
  })

  it('say how to register when a spec is named outside a registered process', async () => {
    const res = await axios.get(`${baseURL}/pets/1`)
    expect(thrown(() => assertResponseMatchesOpenApiSchema(res, { spec: 'petstore' }))).toMatchObject({
      code: HarnessErrorCode.NotRegistered,
      message: expect.stringContaining("add require: ['@contracttool/mocha/register'] to .mocharc.*"),
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

  it('refuses to bind outside a Mocha test file', () => {
    expect(thrown(() => openApiSpec('petstore'))).toMatchObject({
      code: HarnessErrorCode.InvalidBinding,
      message: expect.stringContaining('was called outside a Mocha test file'),
    })
  })
})
