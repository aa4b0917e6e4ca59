import { fixturePath } from '@contracttool/fixtures'
import { isContractToolError, type JsonValue } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFile, loadSpecFromValue, resolvePointer } from '@contracttool/spec-loader'
import { compileSchemaValidator, validateRequest } from '@contracttool/validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { exploreEndpoint, exploreInvalidEndpoint } from './explore-endpoint.js'
import type { ExploredCase } from './explored-case.js'
import { ExplorerErrorCode } from './explorer-error-code.js'

const FILES = ['petstore-3.0.yaml', 'petstore-3.1.json', 'petstore-3.2.yaml'] as const
const specs = new Map<string, LoadedSpec>()

beforeAll(async () => {
  for (const file of FILES) specs.set(file, await loadSpecFile(fixturePath(file)))
})

function petstore(file: (typeof FILES)[number] = 'petstore-3.1.json'): LoadedSpec {
  return specs.get(file)!
}

function inline(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): LoadedSpec {
  return loadSpecFromValue(
    { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, ...extra },
    { name: 'inline' },
  )
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return isContractToolError(error) ? error.code : `not coded: ${String(error)}`
  }
  return undefined
}

/** The whole request as the runtime validator sees it, with a bearer credential the fixtures accept. */
function validate(spec: LoadedSpec, c: ExploredCase) {
  return validateRequest(spec, {
    method: c.method,
    path: c.uri(),
    headers: { ...c.headers, authorization: 'Bearer test-token' },
    cookies: c.cookies,
    ...(c.body === null ? {} : { contentType: c.contentType ?? 'application/json', body: c.body }),
  })
}

function explorable(spec: LoadedSpec) {
  return spec.operations.filter(
    (op) => !op.isAdditional && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY'].includes(op.method),
  )
}

describe('exploreEndpoint on the petstore fixtures', () => {
  it.each(FILES)('every valid case of %s passes request validation, URI encoding included', (file) => {
    const spec = petstore(file)
    for (const operation of explorable(spec)) {
      for (const c of exploreEndpoint(spec, operation.method, operation.path, { cases: 12, seed: 11 })) {
        expect({ case: c.curl(), message: validate(spec, c).message }).toEqual({
          case: c.curl(),
          message: '',
        })
      }
    }
  })

  it.each(FILES)('every invalid case of %s fails request validation', (file) => {
    const spec = petstore(file)
    for (const operation of explorable(spec)) {
      if (
        operation.path === '/health' ||
        operation.parameters.length + (operation.requestBody === undefined ? 0 : 1) === 0
      )
        continue
      for (const c of exploreInvalidEndpoint(spec, operation.method, operation.path, {
        expectedStatusClasses: [4],
        cases: 12,
        seed: 11,
      })) {
        expect({
          case: `${c.targetKeyword} ${c.targetPointer} ${c.curl()}`,
          outcome: validate(spec, c).outcome,
        }).toEqual({
          case: `${c.targetKeyword} ${c.targetPointer} ${c.curl()}`,
          outcome: 'failure',
        })
      }
    }
  })

  it.each(FILES)('generates valid bodies for every JSON body operation of %s', (file) => {
    const spec = petstore(file)
    for (const operation of spec.operations) {
      const media = (
        operation.requestBody as { content?: Record<string, { schema?: JsonValue }> } | undefined
      )?.content
      const schema = media?.['application/json']?.schema
      if (schema === undefined || operation.isAdditional) continue
      const check = compileSchemaValidator(spec, schema, 'request')
      for (const c of exploreEndpoint(spec, operation.method, operation.path, { cases: 12, seed: 3 })) {
        expect(check(c.body)).toEqual([])
        expect(c.contentType).toBe('application/json')
      }
    }
  })

  it('is deterministic: the same seed gives the same cases, case i does not depend on the count', () => {
    const spec = petstore()
    const json = (cases: unknown) => JSON.stringify(cases)
    const five = exploreEndpoint(spec, 'PATCH', '/pets/{petId}', { cases: 5, seed: 9 })
    expect(json(exploreEndpoint(spec, 'PATCH', '/pets/{petId}', { cases: 5, seed: 9 }))).toBe(json(five))
    expect(json(exploreEndpoint(spec, 'PATCH', '/pets/{petId}', { cases: 3, seed: 9 }))).toBe(
      json(five.slice(0, 3)),
    )
    expect(json(exploreEndpoint(spec, 'PATCH', '/pets/{petId}', { cases: 5, seed: 10 }))).not.toBe(json(five))
  })

  it('defaults to 30 cases and seed 0', () => {
    const cases = exploreEndpoint(petstore(), 'GET', '/pets')
    expect(cases).toHaveLength(30)
    expect(cases.map((c) => [c.seed, c.caseIndex])[29]).toEqual([0, 29])
  })

  it.each([
    { method: 'get', path: '/api/pets/7', want: '/pets/{petId}' },
    { method: 'GET', path: '/api/pets/mine', want: '/pets/mine' },
    { method: 'GET', path: '/pets/{petId}', want: '/pets/{petId}' },
  ])('resolves $method $path to $want', ({ method, path, want }) => {
    const [first] = exploreEndpoint(petstore(), method, path, { cases: 1, stripPrefixes: ['/api'] })
    expect([first?.method, first?.matchedPath]).toEqual(['GET', want])
  })

  it('explores 3.2 QUERY operations', () => {
    const [first] = exploreEndpoint(petstore('petstore-3.2.yaml'), 'QUERY', '/pets/search', { cases: 1 })
    expect(first?.method).toBe('QUERY')
    expect(first?.body).toEqual({})
  })

  it('generates a required header parameter and path parameters as wire strings', () => {
    const cases = exploreEndpoint(petstore(), 'GET', '/pets/{petId}', { cases: 3, seed: 1 })
    expect(cases.map((c) => c.pathParams.petId)).toEqual(['1', '1001', expect.stringMatching(/^\d+$/)])
    for (const c of cases) expect(c.headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('serializes query parameters by style and includes optional ones on odd cases', () => {
    const cases = exploreEndpoint(petstore(), 'GET', '/pets', { cases: 2, seed: 4 })
    expect(cases[0]?.query).toEqual({})
    expect(cases[1]?.query).toEqual({
      limit: '100',
      tag: [expect.any(String), expect.any(String), expect.any(String)],
    })
    expect(cases[1]?.uri()).toMatch(/^\/pets\?limit=100&tag=[^&]+&tag=[^&]+&tag=[^&]+$/)
  })

  it('never generates Accept, Content-Type or Authorization headers; cookies go to cookies', () => {
    const spec = inline({
      '/r': {
        get: {
          parameters: [
            { name: 'Accept', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'content-type', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', maxLength: 4 } },
            { name: 'session', in: 'cookie', required: true, schema: { type: 'string', maxLength: 4 } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    })
    for (const c of exploreEndpoint(spec, 'GET', '/r', { cases: 3 })) {
      expect(Object.keys(c.headers)).toEqual(['X-Trace'])
      expect(Object.keys(c.cookies)).toEqual(['session'])
    }
  })

  it('with pathParametersOnly, generates nothing but path parameters', () => {
    const [first] = exploreEndpoint(petstore(), 'PATCH', '/pets/{petId}', {
      cases: 1,
      pathParametersOnly: true,
    })
    expect([first?.body, first?.headers, first?.query, first?.pathParams]).toEqual([
      null,
      {},
      {},
      { petId: '1' },
    ])
  })
})

describe('exploreEndpoint refusals', () => {
  const bodySpec = inline({
    '/xml': {
      post: {
        requestBody: { required: true, content: { 'application/xml': { schema: { type: 'string' } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/noschema': {
      get: {
        parameters: [{ name: 'q', in: 'query', required: true }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/content': {
      get: {
        parameters: [
          {
            name: 'q',
            in: 'query',
            required: true,
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/items/{id}': { get: { responses: { '200': { description: 'ok' } } } },
    '/pattern': {
      get: {
        parameters: [
          { name: 'code', in: 'query', required: true, schema: { type: 'string', pattern: '^(?!x)\\w+$' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  })

  it.each([
    {
      name: 'an unsupported method',
      run: () => exploreEndpoint(petstore(), 'HEAD', '/pets'),
      code: ExplorerErrorCode.UnsupportedMethod,
    },
    {
      name: 'a custom method',
      run: () => exploreEndpoint(petstore('petstore-3.2.yaml'), 'COPY', '/pets/{petId}'),
      code: ExplorerErrorCode.UnsupportedMethod,
    },
    {
      name: 'an unknown path',
      run: () => exploreEndpoint(petstore(), 'GET', '/owners'),
      code: ExplorerErrorCode.PathNotFound,
    },
    {
      name: 'an undeclared operation',
      run: () => exploreEndpoint(petstore(), 'PUT', '/pets'),
      code: ExplorerErrorCode.OperationNotFound,
    },
    {
      name: 'cases 0',
      run: () => exploreEndpoint(petstore(), 'GET', '/pets', { cases: 0 }),
      code: ExplorerErrorCode.InvalidOption,
    },
    {
      name: 'a fractional seed',
      run: () => exploreEndpoint(petstore(), 'GET', '/pets', { seed: 1.5 }),
      code: ExplorerErrorCode.InvalidOption,
    },
    {
      name: 'a non-spec',
      run: () => exploreEndpoint({} as LoadedSpec, 'GET', '/pets'),
      code: ExplorerErrorCode.InvalidOption,
    },
    {
      name: 'a required non-JSON body',
      run: () => exploreEndpoint(bodySpec, 'POST', '/xml'),
      code: ExplorerErrorCode.Ungeneratable,
    },
  ])('$name → $code', ({ run, code }) => {
    expect(codeOf(run)).toBe(code)
  })

  it('says why an input cannot be generated', () => {
    const targets = [
      ['POST', '/xml'],
      ['GET', '/noschema'],
      ['GET', '/content'],
      ['GET', '/items/{id}'],
      ['GET', '/pattern'],
    ] as const
    const messages = targets.map(([method, path]) => {
      try {
        exploreEndpoint(bodySpec, method, path, { cases: 1 })
        return 'generated'
      } catch (error) {
        return (error as Error).message
      }
    })
    expect(messages).toMatchInlineSnapshot(`
      [
        "Required request body on POST '/xml' in spec 'inline' has no JSON media type (declared: application/xml); the explorer generates JSON bodies only.",
        "Required query parameter 'q' on GET '/noschema' in spec 'inline' is missing a \`schema\` definition.",
        "Required query parameter 'q' on GET '/content' in spec 'inline' declares a \`content\` map instead of \`schema\`; the explorer generates schema-based parameters only.",
        "Path template '/items/{id}' has the placeholder '{id}' but GET declares no path parameter 'id'.",
        "Cannot generate the query parameter 'code' of GET '/pattern' in spec 'inline': String pattern '^(?!x)\\w+$' is outside the explorer's supported synthesis subset (lookaround assertions).",
      ]
    `)
  })

  it('names the method set for an unsupported method', () => {
    expect(() => exploreEndpoint(petstore(), 'TRACE', '/pets')).toThrowErrorMatchingInlineSnapshot(
      `[ContractToolError: Unsupported HTTP method 'TRACE' — explorer accepts GET, POST, PUT, PATCH, DELETE, QUERY.]`,
    )
  })
})

describe('exploreInvalidEndpoint', () => {
  it('breaks exactly one named target per case, rotating over every target', () => {
    const cases = exploreInvalidEndpoint(petstore(), 'POST', '/pets', {
      expectedStatusClasses: [4],
      cases: 8,
      seed: 2,
    })
    expect(cases.map((c) => `${c.targetKeyword} ${c.targetPointer}`)).toMatchInlineSnapshot(`
      [
        "required body",
        "type body",
        "required body/name",
        "type body/name",
        "minLength body/name",
        "maxLength body/name",
        "required body",
        "type body/kind",
      ]
    `)
    for (const c of cases) expect([c.kind, c.expectedStatusClasses]).toEqual(['invalid', [4]])
  })

  it('every body mutation is rejected by the validator', () => {
    const spec = petstore()
    const schema = resolvePointer(spec.document, '#/components/schemas/NewPet')!
    const check = compileSchemaValidator(spec, schema, 'request')
    for (const c of exploreInvalidEndpoint(spec, 'POST', '/pets', {
      expectedStatusClasses: [4],
      cases: 20,
      seed: 5,
    })) {
      if (c.body !== null) expect(check(c.body).length).toBeGreaterThan(0)
    }
  })

  it('targets parameters and names them', () => {
    const cases = exploreInvalidEndpoint(petstore(), 'GET', '/pets/{petId}', {
      expectedStatusClasses: [4],
      cases: 5,
    })
    expect(
      cases.map((c) => [
        c.targetKeyword,
        c.targetPointer,
        c.targetParameter,
        c.uri(),
        c.headers['X-Request-Id'] ?? null,
      ]),
    ).toEqual([
      ['required', 'path', 'petId', '/pets/{petId}', expect.any(String)],
      ['type', 'path', 'petId', '/pets/not-a-integer', expect.any(String)],
      ['minimum', 'path', 'petId', '/pets/0', expect.any(String)],
      ['required', 'header', 'X-Request-Id', '/pets/1', null],
      ['format', 'header', 'X-Request-Id', '/pets/1001', 'not-a-uuid'],
    ])
  })

  it.each([
    { classes: [], message: 'exploreInvalidEndpoint() requires at least one expected HTTP status class.' },
    { classes: [6], message: 'Expected HTTP status class must be an integer between 1 and 5, got 6.' },
    { classes: [0], message: 'Expected HTTP status class must be an integer between 1 and 5, got 0.' },
  ])('refuses expectedStatusClasses $classes', ({ classes, message }) => {
    expect(() =>
      exploreInvalidEndpoint(petstore(), 'POST', '/pets', { expectedStatusClasses: classes }),
    ).toThrow(message)
  })

  it('an operation without inputs has no invalid target', () => {
    expect(() =>
      exploreInvalidEndpoint(petstore(), 'GET', '/health', { expectedStatusClasses: [4] }),
    ).toThrow("Operation GET '/health' in spec 'petstore-3.1' has no supported invalid mutation target.")
  })
})
