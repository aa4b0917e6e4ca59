import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { collectWarnings, makeSpec } from './make-spec.test-kit.js'
import type { ResponseInput } from './types.js'
import { validateResponse } from './validate-response.js'

const ITEM = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}

const spec = makeSpec(
  {
    paths: {
      '/items/{id}': {
        get: {
          operationId: 'getItem',
          responses: {
            '200': {
              description: 'ok',
              headers: {
                'X-Rate-Limit': { required: true, schema: { type: 'integer', minimum: 0 } },
                'X-Flags': { schema: { type: 'array', items: { type: 'boolean' } } },
                'Content-Type': { required: true, schema: { type: 'string' } },
              },
              content: {
                'application/json': { schema: ITEM },
                'text/csv': { schema: { type: 'string' } },
                'text/plain': {},
              },
            },
            '204': { description: 'empty' },
            '4XX': {
              description: 'client',
              content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
            },
            '404': {
              description: 'missing',
              content: { 'application/*': { schema: { type: 'object', required: ['message'] } } },
            },
            default: {
              description: 'other',
              content: { '*/*': { schema: { type: 'object', required: ['error'] } } },
            },
            'x-internal': { description: 'not a response' },
          },
        },
      },
      '/lists': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'array', items: ITEM } } },
            },
            '201': { description: 'obj', content: { 'application/json': { schema: { type: 'object' } } } },
            '202': { description: 'null', content: { 'application/json': { schema: { type: 'null' } } } },
            '203': { description: 'stream', content: { 'application/jsonl': { itemSchema: ITEM } } },
            '205': {
              description: 'binary only',
              content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
            },
          },
        },
      },
    },
  },
  '3.2',
  'shop',
)

function run(response: Partial<ResponseInput>, options = {}) {
  return validateResponse(spec, { method: 'GET', path: '/items/7', status: 200, ...response }, options)
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-rate-limit': '5' }

describe('validateResponse: pipeline order', () => {
  it('reports a path miss with the matcher message and fills nothing else', () => {
    const result = run({ path: '/nope' })
    expect(result).toMatchObject({
      outcome: 'failure',
      matchedPath: null,
      matchedStatusKey: null,
      matchedContentType: null,
      method: 'GET',
    })
    expect(result.message).toMatch(/^No matching path found in 'shop' spec for GET \/nope/)
    expect(result.violations[0]?.code).toBe('no-matching-path')
  })

  it('reports a method miss with the matcher message', () => {
    const result = run({ method: 'delete' })
    expect(result).toMatchObject({ outcome: 'failure', matchedPath: '/items/{id}', method: 'DELETE' })
    expect(result.message).toBe(
      "Method delete not defined for path /items/{id} in 'shop' spec. Defined methods: GET.",
    )
  })

  it.each([
    ['default pattern 5\\d\\d', 503, undefined, 'status 503 matched skip pattern 5\\d\\d'],
    ['a custom pattern', 404, ['40[14]'], 'status 404 matched skip pattern 40[14]'],
  ])('skips on %s with the literal status as key', (_name, status, skipResponseCodes, reason) => {
    const result = run(
      { status, body: 'whatever' },
      skipResponseCodes === undefined ? {} : { skipResponseCodes },
    )
    expect(result).toMatchObject({
      outcome: 'skipped',
      skipReason: reason,
      matchedStatusKey: String(status),
      matchedContentType: null,
    })
    expect(result.message).toBe(`GET /items/{id} ${status}: skipped: ${reason}`)
  })

  it('lets an empty skip list validate 5xx', () => {
    expect(run({ status: 500, headers: JSON_HEADERS, body: {} }, { skipResponseCodes: [] })).toMatchObject({
      outcome: 'failure',
      matchedStatusKey: 'default',
    })
  })

  it.each([
    [[''], 'skipResponseCodes[0] must not be an empty string.'],
    [['5\\d\\d', '(['], 'skipResponseCodes[1] is not a valid regex pattern "([":'],
    ['5xx', 'skipResponseCodes must be a list of strings, got string.'],
  ])('refuses skip patterns %j up front', (skipResponseCodes, message) => {
    expect(() => run({}, { skipResponseCodes })).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_INVALID_OPTION',
        message: expect.stringContaining(message),
      }),
    )
  })

  it.each([-1, 1.5, '3'])('refuses maxErrors %j', (maxErrors) => {
    expect(() => run({}, { maxErrors })).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_INVALID_OPTION' }),
    )
  })

  it('checks a malformed responses map before the skip patterns', () => {
    const broken = makeSpec({ paths: { '/x': { get: { responses: ['oops'] } } } }, '3.0', 'broken')
    const result = validateResponse(broken, { method: 'GET', path: '/x', status: 503 })
    expect(result.outcome).toBe('failure')
    expect(result.message).toMatchInlineSnapshot(`
      "GET /x 503: 1 violation against 'broken' spec
        Malformed 'paths["/x"].get.responses' for GET /x in 'broken' spec: expected object, got array."
    `)
  })
})

describe('validateResponse: status keys', () => {
  it.each([
    [200, '200'],
    [404, '404'],
    [418, '4XX'],
    [302, 'default'],
  ])('status %i resolves to %s', (status, key) => {
    expect(
      run({ status, headers: { 'x-rate-limit': '1' }, skipResponseCodes: [] } as never).matchedStatusKey,
    ).toBe(key)
  })

  it('reports an undocumented status under its literal code, naming the documented ones', () => {
    const noDefault = makeSpec(
      { paths: { '/x': { get: { responses: { '200': { description: 'ok' }, 'x-note': {} } } } } },
      '3.0',
      'n',
    )
    const result = validateResponse(noDefault, { method: 'GET', path: '/x', status: 418 })
    expect(result).toMatchObject({ outcome: 'failure', matchedStatusKey: '418', matchedContentType: null })
    expect(result.violations[0]?.message).toBe(
      "Status code 418 not defined for GET /x in 'n' spec. Documented statuses: 200.",
    )
  })

  it('warns once when default hides a suspicious key', () => {
    const typo = makeSpec(
      {
        paths: {
          '/x': { get: { responses: { '20O': { description: 'typo' }, default: { description: 'd' } } } },
        },
      },
      '3.0',
      'typo',
    )
    const warnings = collectWarnings()
    for (let i = 0; i < 2; i++)
      validateResponse(typo, { method: 'GET', path: '/x', status: 200 }, { onWarning: warnings.onWarning })
    expect(warnings.messages).toEqual([
      "[OpenAPI] spec 'typo' GET /x: response key '20O' is not a valid HTTP status, range key (1XX-5XX / 1xx-5xx), or 'default'; falling back to 'default' may be hiding a typo.",
    ])
  })
})

describe('validateResponse: content negotiation and bodies', () => {
  it.each([
    [
      'exact JSON key, parameters ignored',
      200,
      { 'content-type': 'Application/JSON; charset=utf-8' },
      { id: 1 },
      'success',
      'application/json',
    ],
    [
      'a +json type under application/*',
      404,
      { 'content-type': 'application/vnd.api+json' },
      { message: 'x' },
      'success',
      'application/*',
    ],
    [
      'an exact key beats a range',
      418,
      { 'content-type': 'application/problem+json' },
      { title: 'x' },
      'success',
      'application/problem+json',
    ],
    ['no Content-Type: first JSON key', 200, {}, { id: 1 }, 'success', 'application/json'],
    [
      'non-JSON with a string schema checks the text',
      200,
      { 'content-type': 'text/csv' },
      'a,b',
      'success',
      'text/csv',
    ],
    [
      'non-JSON without a schema passes',
      200,
      { 'content-type': 'text/plain' },
      'hello',
      'success',
      'text/plain',
    ],
    ['undeclared non-JSON fails', 200, { 'content-type': 'text/html' }, '<p>', 'failure', null],
  ])('%s', (_name, status, headers, body, outcome, key) => {
    const result = run({ status, headers: { 'x-rate-limit': '1', ...headers }, body })
    expect({ outcome: result.outcome, key: result.matchedContentType }).toEqual({ outcome, key })
  })

  it('uses */* for a non-JSON type only when nothing closer is declared', () => {
    const result = run(
      { status: 500, headers: { 'content-type': 'text/html' }, body: '<p>' },
      { skipResponseCodes: [] },
    )
    expect(result).toMatchObject({
      outcome: 'skipped',
      matchedStatusKey: 'default',
      matchedContentType: '*/*',
    })
  })

  it('adds a content-type note when an undeclared JSON type fails against another key', () => {
    const result = run({
      headers: { 'x-rate-limit': '1', 'content-type': 'application/problem+json' },
      body: { id: 'x' },
    })
    expect(result.message).toMatchInlineSnapshot(`
      "GET /items/{id} 200 application/problem+json (documented as application/json): 2 violations against 'shop' spec (operationId getItem, request path /items/7)
        [/id] must be integer, received "x" (string)
        Note: response Content-Type 'application/problem+json' is not defined for GET /items/{id} (status 200) in 'shop' spec; the reported body errors come from validating it against 'application/json'. Defined content types: application/json, text/csv, text/plain"
    `)
  })

  it.each([
    ['an empty body under a JSON schema fails', '/lists', 200, undefined, 'failure'],
    ['a literal null is validated as null', '/lists', 202, null, 'success'],
    ['null against an array schema fails', '/lists', 200, null, 'failure'],
    ['[] is an array', '/lists', 200, [], 'success'],
    ['{} is not an array', '/lists', 200, {}, 'failure'],
    ['[] is not an object', '/lists', 201, [], 'failure'],
    ['{} is an object', '/lists', 201, {}, 'success'],
    ['a 3.2 itemSchema stream without Content-Type is skipped', '/lists', 203, '{"id":1}\n', 'skipped'],
    ['a binary-only response without Content-Type is skipped', '/lists', 205, undefined, 'skipped'],
  ])('%s', (_name, path, status, body, outcome) => {
    expect(validateResponse(spec, { method: 'GET', path, status, body }).outcome).toBe(outcome)
  })

  it('records a response without content under "*" and still checks its headers', () => {
    const result = run({ status: 204, headers: {} })
    expect(result).toMatchObject({ outcome: 'success', matchedStatusKey: '204', matchedContentType: '*' })
  })

  it('explains a string body that is not JSON', () => {
    const result = run({ headers: JSON_HEADERS, body: '<html>oops</html>' })
    expect(result.violations.map((violation) => [violation.code, violation.message])).toMatchInlineSnapshot(`
      [
        [
          "body-not-json",
          "[/] body is not JSON although Content-Type is 'application/json; charset=utf-8': received "<html>oops</html>" (string), which does not parse as JSON (Unexpected token '<', "<html>oops</html>" is not valid JSON)",
        ],
      ]
    `)
  })

  it('never mutates the body', () => {
    const body = { id: 1, name: 'x' }
    const frozen = JSON.stringify(body)
    run({ headers: JSON_HEADERS, body })
    expect(JSON.stringify(body)).toBe(frozen)
  })

  it('renders a full failure: header line, one line per violation, maxErrors', () => {
    const result = validateResponse(
      spec,
      {
        method: 'GET',
        path: '/lists',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: [{ id: 'a' }, { id: 'b' }, { name: 3 }],
      },
      { maxErrors: 2 },
    )
    expect(result.violations).toHaveLength(2)
    expect(result.message).toMatchInlineSnapshot(`
      "GET /lists 200 application/json: 4 violations against 'shop' spec
        [/0/id] must be integer, received "a" (string)
        [/1/id] must be integer, received "b" (string)
        … 2 more violations not shown (maxErrors 2)"
    `)
  })
})

describe('validateResponse: headers', () => {
  it.each([
    ['valid, case-insensitive', { 'X-RATE-LIMIT': '5', 'x-flags': 'true, false' }, []],
    ['required missing', {}, ['[response-header.X-Rate-Limit] required header is missing']],
    [
      'coerced then validated',
      { 'x-rate-limit': '-1' },
      ['[response-header.X-Rate-Limit] must be >= 0, received -1 (number)'],
    ],
    [
      'strict coercion',
      { 'x-rate-limit': '01' },
      ['[response-header.X-Rate-Limit] must be integer, received "01" (string)'],
    ],
    [
      'array items coerced',
      { 'x-rate-limit': '1', 'x-flags': 'true,1' },
      ['[response-header.X-Flags/1] must be boolean, received "1" (string)'],
    ],
    [
      'several values refused',
      { 'x-rate-limit': ['1', '2'] },
      [
        '[response-header.X-Rate-Limit] multiple values received (count=2) but schema expects a single value; refusing to pick one silently.',
      ],
    ],
    ['numbers from recorders are read as text', { 'x-rate-limit': 3 }, []],
  ])('%s', (_name, headers, want) => {
    const result = run({
      status: 200,
      contentType: 'application/json',
      headers: headers as never,
      body: { id: 1 },
    })
    expect(result.violations.map((violation) => violation.message)).toEqual(want)
  })

  it('skips header checks when headers were not captured', () => {
    expect(run({ contentType: 'application/json', body: { id: 1 } }).outcome).toBe('success')
  })
})

describe('validateResponse: malformed spec nodes never throw', () => {
  it.each([
    [
      'a response that is a string',
      { '200': 'ok' },
      "Malformed 'responses[200]' for GET /x in 'm' spec: expected object, got string.",
    ],
    [
      'content that is a list',
      { '200': { content: [] } },
      "Malformed 'responses[200].content' for GET /x in 'm' spec: expected object, got array.",
    ],
    [
      'a media entry that is a string',
      { '200': { content: { 'application/json': 'schema' } } },
      `Malformed 'responses[200].content["application/json"]' for GET /x in 'm' spec: expected object, got string.`,
    ],
    [
      'schema: null',
      { '200': { content: { 'application/json': { schema: null } } } },
      `Malformed 'responses[200].content["application/json"].schema' for GET /x in 'm' spec: expected object, got null.`,
    ],
    [
      'headers that are a list',
      { '200': { headers: [], content: { 'application/json': {} } } },
      "[response-header] spec 'headers' must be an object for GET /x; got array.",
    ],
  ])('%s', (_name, responses, message) => {
    const malformed = makeSpec({ paths: { '/x': { get: { responses } } } }, '3.0', 'm')
    const result = validateResponse(malformed, {
      method: 'GET',
      path: '/x',
      status: 200,
      headers: {},
      body: {},
    })
    expect(result.outcome).toBe('failure')
    expect(result.violations[0]?.message).toBe(message)
  })
})

describe('validateResponse: the petstore fixtures', () => {
  it.each(['petstore-3.0.yaml', 'petstore-3.1.json', 'petstore-3.2.yaml'])('%s', (file) => {
    const petstore = loadSpecFileSync(fixturePath(file))
    const pet = { id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' }
    const ok = (status: number, body: unknown, extra: Partial<ResponseInput> = {}) =>
      validateResponse(petstore, {
        method: 'GET',
        path: '/pets/1',
        status,
        headers: { 'content-type': 'application/json' },
        body,
        ...extra,
      })
    expect(ok(200, pet).outcome).toBe('success')
    expect(ok(200, { ...pet, kind: 'bird' }).violations.map((v) => v.message)).toContain(
      '[/kind] must be one of: "cat", "dog", received "bird" (string)',
    )
    expect(ok(200, { ...pet, secret: '1234' }).violations.map((v) => v.code)).toEqual(['write-only-property'])
    expect(
      ok(
        404,
        { type: 'about:blank', title: 'Not found', status: 404 },
        { headers: { 'content-type': 'application/problem+json' } },
      ).outcome,
    ).toBe('success')
    expect(
      validateResponse(petstore, {
        method: 'GET',
        path: '/pets',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: [pet],
      }).violations.map((v) => v.message),
    ).toEqual(['[response-header.X-Rate-Limit] required header is missing'])
  })
})

describe('validateResponse: recursive schemas and OpenAPI 3.2 operations (fixtures)', () => {
  it.each(['recursive-3.0.yaml', 'recursive-3.1.json'])('%s: self, mutual and nullable recursion', (file) => {
    const recursive = loadSpecFileSync(fixturePath(file))
    const get = (path: string, body: unknown) =>
      validateResponse(recursive, {
        method: 'GET',
        path,
        status: 200,
        contentType: 'application/json',
        body,
      }).violations.map((v) => v.message)
    expect(
      get('/tree', { value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: [] }] }] }),
    ).toEqual([])
    expect(
      get('/tree', { value: 'a', children: [{ value: 'b', children: [{ value: 1, children: [] }] }] }),
    ).toEqual(['[/children/0/children/0/value] must be string, received 1 (number)'])
    expect(get('/a', { name: 'a', b: { count: 1, a: { name: 'a2', b: { count: 'x' } } } })).toEqual([
      '[/b/a/b/count] must be integer, received "x" (string)',
    ])
    expect(get('/categories/1', { id: 1, name: 'c', parent: { id: 2, name: 'p', parent: null } })).toEqual([])
  })

  it('validates QUERY and additionalOperations methods, and itemSchema streams item by item', () => {
    const petstore = loadSpecFileSync(fixturePath('petstore-3.2.yaml'))
    const pet = { id: 1, name: 'Tom', kind: 'cat' }
    const json = { 'content-type': 'application/json' }
    expect(
      validateResponse(petstore, {
        method: 'QUERY',
        path: '/pets/search',
        status: 200,
        headers: json,
        body: [pet],
      }),
    ).toMatchObject({ outcome: 'success', method: 'QUERY' })
    expect(
      validateResponse(petstore, { method: 'COPY', path: '/pets/1', status: 201, headers: json, body: pet }),
    ).toMatchObject({ outcome: 'success', method: 'COPY', matchedStatusKey: '201' })
    expect(validateResponse(petstore, { method: 'copy', path: '/pets/1', status: 204 })).toMatchObject({
      outcome: 'success',
      method: 'copy',
      matchedContentType: '*',
    })
    const stream = validateResponse(petstore, {
      method: 'GET',
      path: '/pets/stream',
      status: 200,
      headers: { 'content-type': 'application/jsonl' },
      body: '{"id":1}\n',
    })
    expect(stream).toMatchObject({ outcome: 'failure', matchedContentType: 'application/jsonl' })
    expect(stream.violations.map((v) => v.location.pointer)).toEqual(['/0/kind', '/0/name'])
    const pets = '{"id":1,"name":"Tom","kind":"cat"}\n{"id":2,"name":"Rex","kind":"dog"}\n'
    expect(
      validateResponse(petstore, {
        method: 'GET',
        path: '/pets/stream',
        status: 200,
        headers: { 'content-type': 'application/jsonl' },
        body: pets,
      }),
    ).toMatchObject({ outcome: 'success', matchedContentType: 'application/jsonl' })
  })
})
