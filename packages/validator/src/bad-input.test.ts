import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { MAX_REFERENCE_DEPTH } from './internal/schema-registry.js'
import { collectWarnings, makeSpec } from './make-spec.test-kit.js'
import { validateRequest } from './validate-request.js'
import { validateResponse } from './validate-response.js'

const spec = makeSpec(
  {
    paths: {
      '/big': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Row' } },
                },
              },
            },
          },
        },
      },
      '/text': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'string', maxLength: 10 } } },
            },
          },
        },
      },
      '/tree': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } },
            },
          },
        },
      },
      '/any': {
        get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } } },
      },
      '/bounded': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      short: { type: 'string', maxLength: 10 },
                      rows: { type: 'array', uniqueItems: true },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/proto': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  // JSON.parse: an object literal's `__proto__` key would set the prototype instead.
                  schema: JSON.parse(
                    '{"type":"object","required":["__proto__"],"additionalProperties":false,"properties":{"__proto__":{"type":"string"}}}',
                  ),
                },
              },
            },
          },
        },
      },
      '/keys': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Named' } } },
            },
          },
        },
        post: {
          parameters: [
            {
              name: 'filter',
              in: 'query',
              style: 'deepObject',
              explode: true,
              schema: { type: 'object', additionalProperties: { type: 'string' } },
            },
          ],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { name: { type: 'string' } } },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/pattern': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      nested: { type: 'string', pattern: '^(a+)+$' },
                      alternation: { type: 'string', pattern: '^(a|aa)*$' },
                      lookahead: { type: 'string', pattern: '^(?=(a+)+$)a*$' },
                      counted: { type: 'string', pattern: '^a{0,2000}a{0,2000}a{0,2000}$' },
                      lookaround: { type: 'string', pattern: 'a*(?=c)' },
                      broken: { type: 'string', pattern: '(' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Row: {
          type: 'object',
          required: ['id', 'text'],
          properties: { id: { type: 'integer' }, text: { type: 'string' } },
        },
        Tree: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
        },
        Named: {
          type: 'object',
          required: ['constructor'],
          additionalProperties: false,
          properties: {
            name: { type: 'string' },
            constructor: { type: 'string' },
            toString: { type: 'string' },
          },
        },
      },
    },
  },
  '3.0',
  'bad',
)

function get(path: string, body: unknown) {
  return validateResponse(
    spec,
    { method: 'GET', path, status: 200, contentType: 'application/json', body },
    { onWarning: () => {} },
  )
}

describe('bad input: bodies', () => {
  it('reports a string where JSON was expected, naming it as not JSON', () => {
    const result = get('/big', '{"id": 1,')
    expect(result.violations.map((violation) => violation.code)).toEqual(['body-not-json'])
    // The parser's own wording varies across Node versions: only its presence is asserted.
    expect(result.violations[0]?.message).toMatch(
      /^\[\/\] body is not JSON although Content-Type is 'application\/json': received "\{\\"id\\": 1," \(string\), which does not parse as JSON \(.+\)$/,
    )
  })

  it('validates a 10 MB body and truncates what it echoes', () => {
    const rows = Array.from({ length: 100_000 }, (_, id) => ({ id, text: 'x'.repeat(90) }))
    rows.push({ id: 'last' as never, text: 'y'.repeat(200) })
    expect(JSON.stringify(rows).length).toBeGreaterThan(10_000_000)
    const result = get('/big', rows)
    // Over 10,000 JSON values: the first violation only, said so.
    expect(result.violations.map((violation) => violation.message)).toEqual([
      [
        '[/100000/id] must be integer, received "last" (string)',
        '  validation stopped at the first violation: the value holds more than 10,000 JSON values, so any others were not looked for',
      ].join('\n'),
    ])
    const text = get('/text', 'z'.repeat(10_000_000))
    expect(text.violations[0]?.message).toBe(
      `[/] must have at most 10 characters, received "${'z'.repeat(59)}… (string) (10000000 characters)`,
    )
    expect(text.message.length).toBeLessThan(400)
  })

  it('stops a deeply nested body under a recursive schema with a violation, not a stack overflow', () => {
    const root: { children?: unknown[] } = {}
    let node = root
    for (let depth = 0; depth < 100_000; depth++) {
      const child = {}
      node.children = [child]
      node = child
    }
    const result = get('/tree', root)
    expect(result.violations).toHaveLength(1)
    expect(result.violations[0]?.code).toBe('depth-limit')
    expect(result.violations[0]?.message).toContain(
      `nests more than ${MAX_REFERENCE_DEPTH} schema references deep`,
    )
  })

  it('accepts a deeply nested body under a schema that does not recurse', () => {
    let deep: unknown = 'leaf'
    for (let depth = 0; depth < 100_000; depth++) deep = [deep]
    expect(get('/any', deep).outcome).toBe('success')
  })

  it('counts the values of a deeply nested failing body without a stack overflow', () => {
    const nest = (depth: number): unknown => {
      let deep: unknown = 'leaf'
      for (let level = 0; level < depth; level++) deep = [deep]
      return deep
    }
    const stopped =
      '  validation stopped at the first violation: the value holds more than 10,000 JSON values, so any others were not looked for'
    // 100,000 values, nested as deep: the first violation only, said so.
    expect(get('/text', nest(100_000)).violations.map((violation) => violation.message)).toEqual([
      `[/] must be string, received ${'['.repeat(60)}… (array)\n${stopped}`,
    ])
    // 5,000 values, nested deeper than the count recurses: explained in full.
    expect(get('/text', nest(5_000)).violations.map((violation) => violation.message)).toEqual([
      `[/] must be string, received ${'['.repeat(60)}… (array)`,
    ])
  })

  it('validates a declared property named __proto__ like any other', () => {
    expect(get('/proto', JSON.parse('{"__proto__": 5}')).violations.map((v) => v.message)).toEqual([
      '[/__proto__] must be string, received 5 (number)',
    ])
    expect(get('/proto', JSON.parse('{"__proto__": "x"}')).outcome).toBe('success')
    expect(get('/proto', {}).violations.map((v) => v.message)).toEqual([
      '[/__proto__] required property is missing',
    ])
  })

  it('escapes control characters of response property names and headers, so each message line is its own', () => {
    const name = 'x\n::error::pwned\u001b[31m\r\u0007'
    const respond = (contentType: string) =>
      validateResponse(
        spec,
        { method: 'GET', path: '/keys', status: 200, contentType, body: { constructor: 'c', [name]: 1 } },
        { onWarning: () => {} },
      )
    const byName = respond('application/json')
    expect(byName.violations.map((violation) => violation.message)).toEqual([
      '[/x\\n::error::pwned\\u001b[31m\\r\\u0007] is not a declared property, received 1 (number) (declared: name, constructor, toString)',
    ])
    const byHeader = respond('application/json\n::warning::ct')
    expect(byHeader.violations.map((violation) => violation.message)).toEqual([
      "Response Content-Type 'application/json\\n::warning::ct' is not defined for GET /keys (status 200) in 'bad' spec. Defined content types: application/json",
    ])
    for (const result of [byName, byHeader]) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      expect(result.message).not.toMatch(/[\u0000-\u0009\u000b-\u001f]|\n::/)
    }
  })

  it('treats __proto__ and constructor as plain keys and pollutes nothing', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "name": "x", "toString": 1}')
    const result = get('/keys', body)
    expect(result.violations.map((violation) => violation.message)).toEqual([
      '[/constructor] required property is missing',
      '[/__proto__] is not a declared property, received {"polluted":true} (object) (declared: name, constructor, toString)',
      '[/toString] must be string, received 1 (number)',
    ])
    const request = validateRequest(spec, {
      method: 'POST',
      path: '/keys?filter[__proto__][polluted]=1&filter[constructor][prototype]=2',
      contentType: 'application/x-www-form-urlencoded',
      body: '__proto__=1&constructor=2',
    })
    expect(request.violations.map((violation) => violation.message)).toEqual([
      '[query.filter/__proto__] must be string, received {"polluted":"1"} (object)',
      '[query.filter/constructor] must be string, received {"prototype":"2"} (object)',
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('bad input: patterns', () => {
  it('evaluates nested quantifiers in linear time (no catastrophic backtracking)', () => {
    const long = `${'a'.repeat(100_000)}b`
    expect(
      get('/pattern', { nested: long, alternation: long }).violations.map((violation) => violation.message),
    ).toEqual([
      `[/nested] must match pattern "^(a+)+$", received "${'a'.repeat(59)}… (string)`,
      `[/alternation] must match pattern "^(a|aa)*$", received "${'a'.repeat(59)}… (string)`,
    ])
    expect(get('/pattern', { nested: 'a'.repeat(100_000) }).outcome).toBe('success')
  })

  it('refuses to run a backtracking-only pattern with nested quantifiers on a long string', () => {
    const result = get('/pattern', { lookahead: `${'a'.repeat(1_000)}b` })
    expect(result.violations[0]?.code).toBe('pattern-not-evaluated')
    expect(get('/pattern', { lookahead: 'aaa' }).outcome).toBe('success')
  })

  // Each of these took 80 to 90 s on a backtracking engine; the bound is the test's 30 s timeout (about 3 s
  // on a quiet 2-core machine, the rest for a machine running the other suites beside it).
  it('tests counted quantifiers in a row on 5,000 characters in bounded time', { timeout: 30_000 }, () => {
    const result = get('/pattern', { counted: `${'a'.repeat(5_000)}b` })
    expect(result.violations.map((violation) => violation.keyword)).toEqual(['pattern'])
    expect(get('/pattern', { counted: 'a'.repeat(6_000) }).outcome).toBe('success')
    expect(get('/pattern', { counted: 'a'.repeat(6_001) }).outcome).toBe('failure')
  })

  it('does not evaluate a lookaround after an unbounded quantifier on 100,000 characters', {
    timeout: 30_000,
  }, () => {
    const result = get('/pattern', { lookaround: 'a'.repeat(100_000) })
    expect(result.violations.map((violation) => violation.code)).toEqual(['pattern-not-evaluated'])
    expect(get('/pattern', { lookaround: 'aac' }).outcome).toBe('success')
    expect(get('/pattern', { lookaround: 'aab' }).outcome).toBe('failure')
  })

  it('warns about an invalid pattern and does not check it', () => {
    const warnings = collectWarnings()
    const invalid = makeSpec(
      {
        paths: {
          '/p': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'string', pattern: '(' } } },
                },
              },
            },
          },
        },
      },
      '3.0',
      'invalid',
    )
    const result = validateResponse(
      invalid,
      { method: 'GET', path: '/p', status: 200, body: 'x' },
      { onWarning: warnings.onWarning },
    )
    expect(result.outcome).toBe('success')
    expect(warnings.messages).toEqual([
      `[OpenAPI Schema] spec 'invalid': pattern "(" is not a valid regular expression (Invalid regular expression: /(/: Unterminated group); values are not checked against it.`,
    ])
  })
})

describe('bad input: malformed specs and arguments never throw a TypeError', () => {
  it.each([
    [
      'a requestBody that is a string',
      { requestBody: 'json', responses: {} },
      `Malformed 'paths["/x"].post.requestBody' for POST /x in 'm' spec: expected object, got string.`,
    ],
    [
      'requestBody content that is a list',
      { requestBody: { content: [] }, responses: {} },
      `Malformed 'paths["/x"].post.requestBody.content' for POST /x in 'm' spec: expected object, got array.`,
    ],
    [
      'a request media entry that is null',
      { requestBody: { content: { 'application/json': null } }, responses: {} },
      `Malformed 'paths["/x"].post.requestBody.content["application/json"]' for POST /x in 'm' spec: expected object, got null.`,
    ],
    [
      'a parameter that is a number',
      { parameters: [4], responses: {} },
      'Malformed parameter entry for POST /x: expected object, got integer.',
    ],
    [
      'an operation that is a list',
      [],
      `Malformed 'paths["/x"].post' for POST /x in 'm' spec: expected object, got array.`,
    ],
  ])('%s', (_name, operation, message) => {
    const malformed = makeSpec({ paths: { '/x': { post: operation } } }, '3.0', 'm')
    const result = validateRequest(malformed, {
      method: 'POST',
      path: '/x',
      contentType: 'application/json',
      body: {},
    })
    expect(result.outcome).toBe('failure')
    expect(result.violations[0]?.message).toBe(message)
  })

  it.each([
    ['a null response', () => validateResponse(spec, null as never)],
    [
      'a status that is text',
      () => validateResponse(spec, { method: 'GET', path: '/big', status: '200' as never }),
    ],
    [
      'a spec that is not loaded',
      () => validateResponse({ name: 'x' } as never, { method: 'GET', path: '/', status: 200 }),
    ],
    ['a request without a path', () => validateRequest(spec, { method: 'GET' } as never)],
    ['options that are a list', () => validateRequest(spec, { method: 'GET', path: '/' }, [] as never)],
  ])('throws a coded error for %s', (_name, call) => {
    let thrown: unknown
    try {
      call()
    } catch (error) {
      thrown = error
    }
    expect(isContractToolError(thrown)).toBe(true)
    expect((thrown as { code: string }).code).toBe('CONTRACTTOOL_INVALID_ARGUMENT')
  })
})

describe('bad input: work bounded by the output', () => {
  // Counting the characters of a 100 MB string once cost 2.7 GB (an array of its characters). The bound:
  // the heap grows by less than 300 MB past the string itself.
  it('reports a maxLength failure on a 100 MB string without copying it', { timeout: 30_000 }, () => {
    const big = 'a'.repeat(100_000_000)
    big.charCodeAt(0) // flattened before measuring
    const before = process.memoryUsage().heapUsed
    const result = get('/bounded', { short: big })
    const grown = process.memoryUsage().heapUsed - before
    expect(result.violations.map((violation) => violation.message)).toEqual([
      `[/short] must have at most 10 characters, received "${'a'.repeat(59)}… (string) (100000000 characters)`,
    ])
    expect(grown).toBeLessThan(300_000_000)
  })

  // maxErrors bounds what is built, not only what is shown: Ajv collecting every error built one object per
  // wrong item (7 million items ran out of memory). Limit: a failing value of more than 10,000 JSON values
  // is explained by its first violation; the items read and the heap grown show the work stopped there.
  it('builds one violation for a body of a million wrong items, and every one up to 10,000 values', () => {
    const items = Array.from({ length: 1_000_000 }, () => 'not a row')
    let reads = 0
    const body = new Proxy(items, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      },
    })
    const before = process.memoryUsage().heapUsed
    const result = get('/big', body)
    const grown = process.memoryUsage().heapUsed - before
    expect(result.violations.map((violation) => violation.message)).toEqual([
      [
        '[/0] must be object, received "not a row" (string)',
        '  validation stopped at the first violation: the value holds more than 10,000 JSON values, so any others were not looked for',
      ].join('\n'),
    ])
    expect(reads).toBeLessThan(10)
    expect(grown).toBeLessThan(64_000_000)

    const fewer = get('/big', items.slice(0, 5_000))
    expect(fewer.violations).toHaveLength(20)
    expect(fewer.message.split('\n').at(-1)).toBe('  … 4980 more violations not shown (maxErrors 20)')
  })

  // Pairwise comparison of 20,000 objects took 15 s; the bound is the test's 10 s timeout.
  it('checks uniqueItems over 20,000 objects in linear time, with JSON Schema equality', {
    timeout: 10_000,
  }, () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, tags: ['a', i % 7] }))
    expect(get('/bounded', { rows }).outcome).toBe('success')
    rows.push({ tags: ['a', 19_999 % 7], id: 19_999 })
    expect(get('/bounded', { rows }).violations.map((violation) => violation.message)).toEqual([
      [
        '[/rows] must not contain duplicates (items 19999 and 20000 are identical)',
        '  validation stopped at the first violation: the value holds more than 10,000 JSON values, so any others were not looked for',
      ].join('\n'),
    ])
    expect(get('/bounded', { rows: [1, 1.0] }).outcome).toBe('failure')
    expect(get('/bounded', { rows: [1, '1', [1], { a: 1 }, { a: '1' }] }).outcome).toBe('success')
  })
})
