import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { type ContractRun, createContractRun } from '@contracttool/harness'
import { loadSpecFile } from '@contracttool/spec-loader'
import axios, { type AxiosInstance } from 'axios'
import * as chai from 'chai'
// chai 4 and 5 ship no types of their own under these aliases (@types/chai describes `chai`).
// @ts-expect-error no declaration file for the alias
import chai4 from 'chai4'
// @ts-expect-error no declaration file for the alias
import * as chai5 from 'chai5'
import express from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chaiContractTesting } from './chai-contract-testing.js'
import { ChaiPluginErrorCode } from './errors.js'

chai.use(chaiContractTesting)
const { expect: chaiExpect } = chai

const app = express()
app.use(express.json())
app.get('/pets/:petId', (req, res) =>
  req.params.petId === '1'
    ? res.json({ id: 1, name: 'Tom', kind: 'cat' })
    : res.json({ id: 'x', name: 'Tom', kind: 'cat' }),
)
app.post('/pets', (req, res) => res.status(201).json({ id: 2, kind: 'cat', ...req.body }))

/** The error a call throws. */
function thrown(call: () => void): Error {
  try {
    call()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to throw')
}

describe('chai.use(chaiContractTesting) outside a run', () => {
  it('says how to start a run when a check needs the spec by name', async () => {
    const res = await request(app).get('/pets/1')
    const error = thrown(() => chaiExpect(res).to.matchOpenApiSchema())
    expect(error).toMatchObject({ code: ChaiPluginErrorCode.NoRun })
    expect(error.message).toMatch(
      /^matchOpenApiSchema needs a contracttool run to look up the spec, and none is running/,
    )
    expect(error.message).toContain("require: ['@contracttool/mocha/register']")
    expect(error.message).toContain('createContractRun()')
  })

  it('checks against a loaded spec without a run', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
    chaiExpect(await request(app).get('/pets/1')).to.matchOpenApiSchema({ spec })
    chaiExpect(await request(app).get('/pets/2')).not.to.matchOpenApiSchema({ spec })
    chaiExpect({ id: 1, name: 'Tom', kind: 'cat' }).to.satisfySchemaInApiSpec('Pet', { spec })
  })

  it('refuses to be called instead of passed to chai.use()', () => {
    expect(thrown(() => chaiContractTesting(undefined as never, undefined as never))).toMatchObject({
      code: ChaiPluginErrorCode.InvalidArgument,
      message: expect.stringContaining('pass it to chai.use(chaiContractTesting)'),
    })
  })
})

describe('chai.use(chaiContractTesting) under createContractRun()', () => {
  let root: string
  let run: ContractRun
  let server: ReturnType<typeof app.listen>
  let client: AxiosInstance
  const out: string[] = []

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'contracttool-chai-'))
    mkdirSync(join(root, 'openapi'))
    cpSync(fixturePath('petstore-3.1.json'), join(root, 'openapi', 'petstore.json'))
    run = await createContractRun(
      { specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore', consoleOutput: 'all' },
      { root, io: { out: (text) => out.push(text), err: () => undefined, env: {}, color: false } },
    )
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    client = axios.create({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(root, { recursive: true, force: true })
  })

  it('matchOpenApiSchema and satisfyApiSpec pass a conforming supertest or axios response, and fail with the matchers’ message', async () => {
    chaiExpect(await request(app).get('/pets/1')).to.matchOpenApiSchema()
    chaiExpect(await client.get('/pets/1')).to.satisfyApiSpec
    const bad = await client.get('/pets/2')
    const error = thrown(() => chaiExpect(bad).to.satisfyApiSpec)
    expect(error).toMatchObject({ name: 'AssertionError', showDiff: true })
    expect(error.message).toMatch(/^GET \/pets\/\{petId\} 200 application\/json/)
    expect(error.message).toContain('[/id] must be integer, received "x" (string)')
  })

  it('.not inverts each assertion, saying what the response conforms to', async () => {
    chaiExpect(await client.get('/pets/2')).not.to.matchOpenApiSchema()
    expect(thrown(() => chaiExpect(42).not.to.satisfyApiSpec)).toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE',
    })
    const good = await request(app).get('/pets/1')
    expect(thrown(() => chaiExpect(good).not.to.matchOpenApiSchema()).message).toMatch(
      /^expected GET \/pets\/1 → 200 application\/json; charset=utf-8 not to match spec 'petstore', but it conforms to GET \/pets\/\{petId\} 200 application\/json\./,
    )
  })

  it('matchOpenApiRequest checks the request an axios call sent', async () => {
    const unauthenticated = await client.post('/pets', { name: 'Rex' })
    expect(thrown(() => chaiExpect(unauthenticated).to.matchOpenApiRequest()).message).toContain(
      "requirement 'bearerAuth' (alternative 1 of 2) not satisfied: Authorization header is missing.",
    )
    const sent = await client.post('/pets', { name: 'Rex' }, { headers: { Authorization: 'Bearer t0k3n' } })
    chaiExpect(sent).to.matchOpenApiRequest()
  })

  it('satisfySchemaInApiSpec(name) checks a value against components.schemas[name]', () => {
    chaiExpect({ id: 1, name: 'Tom', kind: 'dog' }).to.satisfySchemaInApiSpec('Pet')
    const error = thrown(() =>
      chaiExpect({ id: '1', name: 'Tom', kind: 'cat' }).to.satisfySchemaInApiSpec('Pet'),
    )
    expect(error.message).toMatch(
      /^components\.schemas\.Pet of spec 'petstore': 1 violation\n {2}\[\/id\] must be integer/,
    )
    chaiExpect({ id: '1' }).not.to.satisfySchemaInApiSpec('Pet')
    expect(thrown(() => chaiExpect({}).to.satisfySchemaInApiSpec('Pets'))).toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_SCHEMA_NOT_FOUND',
      message: expect.stringContaining(
        "spec 'petstore' has no schema of that name in components.schemas. Its schemas: Pet,",
      ),
    })
  })

  it.each([
    ['4', chai4 as typeof chai],
    ['5', chai5 as unknown as typeof chai],
    ['6', chai],
  ])('works the same with chai %s', async (_version, someChai) => {
    someChai.use(chaiContractTesting)
    const res = await client.get('/pets/1')
    someChai.expect(res).to.matchOpenApiSchema()
    someChai.expect(res).to.satisfyApiSpec
    const bad = await client.get('/pets/2')
    someChai.expect(bad).not.to.matchOpenApiSchema()
    expect(thrown(() => someChai.expect(bad).to.matchOpenApiSchema()).message).toContain(
      '[/id] must be integer, received "x" (string)',
    )
    expect(thrown(() => someChai.expect(res).not.to.satisfyApiSpec).message).toMatch(
      /^expected GET \/pets\/1/,
    )
    someChai.expect({ id: 1, name: 'Tom', kind: 'cat' }).to.satisfySchemaInApiSpec('Pet')
  })

  it('records what it checks into the run', async () => {
    await run.finish()
    expect(out.join('')).toMatch(
      /◐ GET \/pets\/\{petId\} {2}\(1\/2 responses\)\n {6}✓ 200 {4}application\/json {16}\[20\]/,
    )
  })
})
