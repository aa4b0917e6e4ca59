import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { createContractRun } from '@contracttool/harness'
import { loadSpecFile } from '@contracttool/spec-loader'
import { HttpResponse, http } from 'msw'
import type { SetupWorker } from 'msw/browser'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { checkMocks, type MockChecks, type MswLifeCycle } from './check-mocks.js'
import { MswCheckError, MswErrorCode } from './errors.js'

// The fixture's server is https://api.example.com/v1: its paths are called under that base path.
const API = 'https://api.example.com/v1'
const SPEC_FILE = fixturePath('petstore-3.1.json')

const server = setupServer(
  http.get(`${API}/pets/:petId`, ({ params }) =>
    params.petId === '2'
      ? HttpResponse.json({ id: 'two', name: 'Rex', kind: 'dog' })
      : HttpResponse.json({ id: Number(params.petId), name: 'Tom', kind: 'cat' }),
  ),
  http.get(`${API}/toys`, () => HttpResponse.json([])),
  http.get('https://cdn.example.com/logo.json', () => HttpResponse.json({ anything: true })),
  http.get(`${API}/health`, () => {
    throw new Error('the handler broke')
  }),
  http.post(`${API}/pets`, () => HttpResponse.json({ id: 3, name: 'Kit', kind: 'cat' }, { status: 201 })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('checkMocks() outside any run, with a spec file', () => {
  let mocks: MockChecks
  beforeAll(() => {
    mocks = checkMocks(server, { spec: SPEC_FILE })
  })
  afterAll(() => mocks.dispose())
  // Each test starts with nothing collected.
  afterEach(() => mocks.assertNoViolations().catch(() => undefined))

  it('passes mocks that match the spec', async () => {
    const res = await fetch(`${API}/pets/1`)
    expect(await res.json()).toEqual({ id: 1, name: 'Tom', kind: 'cat' })
    await expect(mocks.assertNoViolations()).resolves.toBeUndefined()
  })

  it('reports a mock that drifted, with the usual message, and leaves the body to the app', async () => {
    const res = await fetch(`${API}/pets/2`)
    // The app reads the body it was given: the check read a clone.
    expect(await res.json()).toEqual({ id: 'two', name: 'Rex', kind: 'dog' })
    const failure = mocks.assertNoViolations()
    await expect(failure).rejects.toThrow(
      `A mocked response does not match spec 'petstore-3.1' (MSW, GET ${API}/pets/2 → 200):`,
    )
    await expect(failure).rejects.toThrow(/\[\/id\] must be integer/)
    // Thrown once, then forgotten.
    await expect(mocks.assertNoViolations()).resolves.toBeUndefined()
  })

  it('reports a mocked path the spec does not document, with the closest paths', async () => {
    await fetch(`${API}/toys`)
    const [violation] = await mocks.violations()
    expect(violation?.message).toMatch(/No matching path found in 'petstore-3\.1' spec for GET \/v1\/toys/)
    expect(violation?.message).toMatch(/closest spec paths:\n {4}- GET \/pets/)
  })

  it('still answers in a test that fakes timers', async () => {
    vi.useFakeTimers()
    try {
      await fetch(`${API}/pets/2`)
      await expect(mocks.assertNoViolations()).rejects.toThrow(/\[\/id\] must be integer/)
    } finally {
      vi.useRealTimers()
    }
  })

  it('leaves calls to other origins than the spec’s servers alone', async () => {
    await fetch('https://cdn.example.com/logo.json')
    expect(await mocks.violations()).toEqual([])
  })
})

describe('checkMocks() with validateRequest', () => {
  it('checks the mocked request as well, and the app’s request body is still readable by the handler', async () => {
    const spec = await loadSpecFile(SPEC_FILE)
    const mocks = checkMocks(server, { spec, validateRequest: true })
    try {
      await fetch(`${API}/pets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 42, kind: 'cat' }),
      })
      await expect(mocks.assertNoViolations()).rejects.toThrow(/Request:[\s\S]*\[\/name\] must be string/)
    } finally {
      mocks.dispose()
    }
  })
})

describe('checkMocks() types', () => {
  it('accepts what setupServer() and setupWorker() return', () => {
    expectTypeOf(server).toExtend<MswLifeCycle>()
    expectTypeOf<SetupWorker>().toExtend<MswLifeCycle>()
  })
})

describe('checkMocks() misuse', () => {
  it.each([
    ['not a server', () => checkMocks({} as never), MswErrorCode.InvalidArgument, /needs the MSW server/],
    [
      'an unknown option',
      () => checkMocks(server, { spek: 'x' } as never),
      MswErrorCode.InvalidArgument,
      /unknown option 'spek'. Known options: spec, validateRequest, skipResponseCodes/,
    ],
    [
      'a validateRequest that is not a boolean',
      () => checkMocks(server, { validateRequest: 'yes' } as never),
      MswErrorCode.InvalidArgument,
      /validateRequest must be true or false, got the string "yes"/,
    ],
  ])('%s is refused with a code', (_name, call, code, message) => {
    expect(call).toThrow(MswCheckError)
    expect(call).toThrow(message)
    try {
      call()
    } catch (error) {
      expect((error as MswCheckError).code).toBe(code)
    }
  })

  it('reports no spec and no run when the first mock is checked (a run may start after the mocks are set up)', async () => {
    const mocks = checkMocks(server)
    try {
      await fetch(`${API}/pets/1`)
      const failure = await mocks.assertNoViolations().catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(MswCheckError)
      expect(failure).toMatchObject({
        code: MswErrorCode.NoSpec,
        message: expect.stringContaining(
          'no contracttool run is active in this process and no spec was given',
        ),
      })
    } finally {
      mocks.dispose()
    }
  })

  it('reports a spec file that does not load when the first mock is checked', async () => {
    const mocks = checkMocks(server, { spec: join(tmpdir(), 'no-such-spec.yaml') })
    try {
      await fetch(`${API}/pets/1`)
      await expect(mocks.assertNoViolations()).rejects.toThrow(/no-such-spec\.yaml/)
    } finally {
      mocks.dispose()
    }
  })
})

describe('checkMocks() under createContractRun()', () => {
  it('takes the run’s spec, reports mock coverage apart, and leaves it out of the gates and the JSON aggregate', async () => {
    const root = mkdtempSync(join(tmpdir(), 'contracttool-msw-'))
    try {
      mkdirSync(join(root, 'openapi'))
      cpSync(SPEC_FILE, join(root, 'openapi', 'petstore.json'))
      const out: string[] = []
      const err: string[] = []
      const run = await createContractRun(
        {
          specBasePath: 'openapi',
          specs: ['petstore'],
          defaultSpec: 'petstore',
          jsonOutput: 'coverage.json',
          minResponseCoverage: 10,
          minCoverageStrict: true,
          // Nothing skipped: MSW's own 500 for a handler that threw would be a violation if it were checked.
          skipResponseCodes: [],
        },
        { root, io: { out: (text) => out.push(text), err: (line) => err.push(line), env: {}, color: false } },
      )
      // A spec name: under a run, names are the run's.
      const mocks = checkMocks(server, { spec: 'petstore' })
      await fetch(`${API}/pets/1`)
      expect((await fetch(`${API}/health`)).status).toBe(500)
      await mocks.assertNoViolations()
      mocks.dispose()
      run.assertResponse({
        request: { method: 'GET', path: '/v1/health' },
        response: { status: 200, headers: { 'content-type': 'application/json' }, body: { status: 'ok' } },
      })
      expect(await run.finish()).toEqual({ exitCode: 1 })
      // 1 of the 16 documented responses checked against the API; the mocked one would have made it 12.5%.
      expect(err).toEqual(['[OpenAPI Coverage] FAIL: response coverage 6.3% < threshold 10%.'])
      const printed = out.join('')
      const [api, mock] = printed.split(
        'OpenAPI Mock Coverage (mocked responses; not counted toward coverage or gates)',
      )
      expect(api).toContain('responses: 1/16 covered')
      expect(mock).toContain('responses: 1/16 covered')
      expect(mock).toMatch(/GET \/pets\/\{petId\}/)
      const json = JSON.parse(readFileSync(join(root, 'coverage.json'), 'utf8'))
      expect(json.aggregate).toMatchObject({ endpoint_fully_covered: 1, response_covered: 1 })
      expect(json.mock_coverage.aggregate).toMatchObject({ endpoint_partial: 1, response_covered: 1 })
      const pet = json.mock_coverage.specs.petstore.endpoints.find(
        (row: { endpoint: string }) => row.endpoint === 'GET /pets/{petId}',
      )
      expect(pet.responses.find((row: { status_key: string }) => row.status_key === '200')).toMatchObject({
        hits: 1,
      })
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
