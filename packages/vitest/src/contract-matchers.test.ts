import { stripVTControlCharacters } from 'node:util'
import { fixturePath } from '@contracttool/fixtures'
import { ContractAssertionError } from '@contracttool/harness/internal'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import { beforeAll, describe, expect, it } from 'vitest'
import { assertResponseMatchesOpenApiSchema } from './assert-response-matches-open-api-schema.js'
import { contractMatchers } from './contract-matchers.js'
import { worker } from './internal/worker.js'
import * as workerCore from './internal/worker-core.js'
import { openApiSpec } from './open-api-spec.js'

// Without the plugin: the worker code is handed over as the setup file from sources does (built, the entry
// requires it from beside itself).
worker.use(workerCore)
expect.extend(contractMatchers)

let spec: LoadedSpec
beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
})

const pets = (body: unknown, headers: Record<string, string> = { 'x-rate-limit': '5' }) => ({
  request: { method: 'GET', path: '/pets?limit=1' },
  response: { status: 200, headers: { 'content-type': 'application/json', ...headers }, body },
})
const TOM = { id: 1, name: 'Tom', kind: 'cat' }

function failureOf(check: () => void): ContractAssertionError & { message: string } {
  try {
    check()
  } catch (error) {
    // Matcher hints are coloured; compare the text.
    ;(error as Error).message = stripVTControlCharacters((error as Error).message)
    return error as ContractAssertionError
  }
  throw new Error('expected the check to fail')
}

describe('toMatchOpenApiSchema()', () => {
  it('passes for a response that matches the operation it answers', () => {
    expect(pets([TOM])).toMatchOpenApiSchema({ spec })
    expect(pets([TOM])).toSatisfyApiSpec({ spec })
  })

  it('lists every violation with its location, and what was received', () => {
    const error = failureOf(() =>
      expect(pets([{ id: '1', name: 'Tom', kind: 'cat' }], {})).toMatchOpenApiSchema({ spec }),
    )
    expect(error.message).toContain('expect(received).toMatchOpenApiSchema()')
    expect(error.message).toContain('/0/id')
    expect(error.message).toContain('X-Rate-Limit')
    expect(error.message).toContain('Received: GET /pets?limit=1 → 200 application/json')
    expect(error.message).toContain('"id": "1"')
  })

  it('sets actual and expected so Vitest draws a diff at the failing values', () => {
    const error = failureOf(() =>
      expect(pets([{ id: '1', name: 'Tom', kind: 'cat' }])).toMatchOpenApiSchema({ spec }),
    )
    expect(error.actual).toEqual({
      status: 200,
      contentType: 'application/json',
      body: [{ id: '1', name: 'Tom', kind: 'cat' }],
    })
    expect(error.expected).toMatchObject({ status: 200, body: [{ name: 'Tom', kind: 'cat' }] })
    expect((error.expected as { body: { id: unknown }[] }).body[0]?.id).toMatch(/^‹.*›$/)
  })

  it('words .not failures as such and says what the response conforms to', () => {
    const error = failureOf(() => expect(pets([TOM])).not.toMatchOpenApiSchema({ spec }))
    expect(error.message).toContain('expect(received).not.toMatchOpenApiSchema()')
    expect(error.message).toContain(
      "not to match spec 'petstore-3.1', but it conforms to GET /pets 200 application/json",
    )
    expect(pets([{ id: 'x' }])).not.toMatchOpenApiSchema({ spec })
  })

  it('treats a skipped response (5xx by default, or a per-call pattern) as passing, and says so under .not', () => {
    const unavailable = { request: { method: 'GET', path: '/pets' }, response: { status: 503, body: 'down' } }
    expect(unavailable).toMatchOpenApiSchema({ spec })
    const error = failureOf(() => expect(unavailable).not.toMatchOpenApiSchema({ spec }))
    expect(error.message).toContain('but it was skipped: status 503 matched skip pattern 5\\d\\d')
    const teapot = { request: { method: 'GET', path: '/pets' }, response: { status: 418 } }
    expect(teapot).not.toMatchOpenApiSchema({ spec })
    expect(teapot).toMatchOpenApiSchema({ spec, skipResponseCodes: [418] })
  })

  it.each([
    ['a non-object', 'petstore', /expected an object such as \{ spec: 'petstore' \}/],
    [
      'an unknown option',
      { spec: 'x', skip: [404] },
      /unknown option 'skip'. Known options: spec, skipResponseCodes, validateRequest/,
    ],
    [
      'a spec that is neither a name nor a loaded spec',
      { spec: 42 },
      /spec must be a spec name or a spec returned by loadSpec\(\)/,
    ],
    [
      'skipResponseCodes that are not a list',
      { skipResponseCodes: '404' },
      /skipResponseCodes must be an array/,
    ],
    [
      'validateRequest that is not a boolean',
      { validateRequest: 'yes' },
      /validateRequest must be true or false/,
    ],
  ])('refuses %s as options with CONTRACTTOOL_HARNESS_INVALID_CHECK_OPTION', (_name, options, message) => {
    const check = () => expect(pets([TOM])).toMatchOpenApiSchema(options as never)
    expect(check).toThrow(message)
    expect(check).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_INVALID_CHECK_OPTION' }))
  })

  it('asks for the plugin when openApiSpec() is used outside a contractTesting() run', () => {
    expect(() => openApiSpec('petstore')).toThrowError(
      expect.objectContaining({
        code: 'CONTRACTTOOL_HARNESS_NOT_REGISTERED',
        message: expect.stringContaining('needs the contractTesting() plugin'),
      }),
    )
  })

  it('asks for the plugin (or a loaded spec) when a spec is named outside a contractTesting() run', () => {
    const check = () => expect(pets([TOM])).toMatchOpenApiSchema({ spec: 'petstore' })
    expect(check).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_NOT_REGISTERED' }))
    expect(check).toThrow(/add contractTesting\(\{ specBasePath, specs \}\) to plugins in vitest.config.ts/)
  })
})

describe('toSatisfySchemaInApiSpec()', () => {
  it('checks a value against components.schemas[name], and says what conforms under .not', () => {
    expect(TOM).toSatisfySchemaInApiSpec('Pet', { spec })
    expect({ id: '1' }).not.toSatisfySchemaInApiSpec('Pet', { spec })
    const error = failureOf(() => expect({ ...TOM, id: '1' }).toSatisfySchemaInApiSpec('Pet', { spec }))
    expect(error.message).toMatch(
      /^expect\(received\)\.toSatisfySchemaInApiSpec\('Pet'\)\n\ncomponents\.schemas\.Pet of spec 'petstore-3\.1': 1 violation\n {2}\[\/id\] must be integer, received "1" \(string\)\n\nReceived:\n {2}\{/,
    )
    expect(failureOf(() => expect(TOM).not.toSatisfySchemaInApiSpec('Pet', { spec })).message).toContain(
      "expected the value not to satisfy components.schemas.Pet of spec 'petstore-3.1', but it does.",
    )
  })

  it('names the schemas of the spec when the name is not one of them', () => {
    expect(() => expect(TOM).toSatisfySchemaInApiSpec('Pets', { spec })).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_HARNESS_SCHEMA_NOT_FOUND',
        message: expect.stringContaining(
          "toSatisfySchemaInApiSpec('Pets'): spec 'petstore-3.1' has no schema of that name in components.schemas. Its schemas: Pet, Cat, Dog",
        ),
      }),
    )
  })
})

describe('assertResponseMatchesOpenApiSchema()', () => {
  it('returns quietly for a conforming response', () => {
    expect(() => assertResponseMatchesOpenApiSchema(pets([TOM]), { spec })).not.toThrow()
  })

  it('throws an AssertionError with the full message, actual and expected', () => {
    const error = failureOf(() =>
      assertResponseMatchesOpenApiSchema(pets([{ ...TOM, kind: 'cow' }]), { spec }),
    )
    expect(error).toBeInstanceOf(ContractAssertionError)
    expect(error.name).toBe('AssertionError')
    expect(error.message).toContain('/0/kind')
    expect(error.result?.outcome).toBe('failure')
    expect(error.actual).toBeDefined()
    expect(error.expected).toBeDefined()
  })
})
