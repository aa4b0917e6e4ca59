import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { collectWarnings, makeSpec } from './make-spec.test-kit.js'
import type { RequestInput, RequestValidationOptions } from './types.js'
import { validateRequest } from './validate-request.js'

const INTS = { type: 'array', items: { type: 'integer' } }
const POINT = { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } } }

const spec = makeSpec(
  {
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        basic: { type: 'http', scheme: 'basic' },
        headerKey: { type: 'apiKey', in: 'header', name: 'X-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'key' },
        cookieKey: { type: 'apiKey', in: 'cookie', name: 'sid' },
        oauth: { type: 'oauth2', flows: {} },
      },
    },
    security: [{ bearer: [] }, { headerKey: [], queryKey: [] }],
    paths: {
      '/simple/{id}/{ids}/{point}': {
        get: {
          security: [],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'ids', in: 'path', required: true, schema: INTS },
            { name: 'point', in: 'path', required: true, explode: true, schema: POINT },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/label/{ids}/{matrix}': {
        get: {
          security: [],
          parameters: [
            { name: 'ids', in: 'path', required: true, style: 'label', schema: INTS },
            { name: 'matrix', in: 'path', required: true, style: 'matrix', explode: true, schema: INTS },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/search': {
        get: {
          security: [],
          parameters: [
            { name: 'limit', in: 'query', required: true, schema: { type: 'integer', maximum: 100 } },
            { name: 'flag', in: 'query', schema: { type: 'boolean' } },
            { name: 'tags', in: 'query', schema: INTS },
            { name: 'csv', in: 'query', explode: false, schema: INTS },
            { name: 'spaced', in: 'query', style: 'spaceDelimited', explode: false, schema: INTS },
            { name: 'piped', in: 'query', style: 'pipeDelimited', explode: false, schema: INTS },
            { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: POINT },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'Accept', in: 'header', required: true, schema: { type: 'integer' } },
            { name: 'theme', in: 'cookie', schema: { type: 'string', enum: ['dark', 'light'] } },
          ],
          responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
        },
      },
      '/items': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string' }, id: { type: 'integer', readOnly: true } },
                },
              },
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['count'],
                  properties: {
                    count: { type: 'integer' },
                    tags: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary' }, size: { type: 'integer' } },
                },
              },
              'application/xml': { schema: { type: 'object' } },
              'application/octet-stream': {},
            },
          },
          responses: { '201': { description: 'created' }, '422': { description: 'invalid' } },
        },
      },
      '/secure': {
        get: { security: [{ cookieKey: [] }, { oauth: [] }], responses: { '200': { description: 'ok' } } },
        put: { security: [{ oauth: [] }, { basic: [] }], responses: { '200': { description: 'ok' } } },
        delete: { security: [{ missing: [] }], responses: { '200': { description: 'ok' } } },
      },
      '/qs': {
        get: {
          security: [],
          parameters: [
            {
              name: 'q',
              in: 'querystring',
              required: true,
              content: {
                'application/x-www-form-urlencoded': {
                  schema: { type: 'object', required: ['page'], properties: { page: { type: 'integer' } } },
                },
              },
            },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  },
  '3.2',
  'shop',
)

const SEARCH_OK = { headers: { 'x-trace': '3f1c1f6e-2b0a-4c52-9b1e-0d5a9f1e2a11' } }

function run(request: Partial<RequestInput>, options: RequestValidationOptions = {}) {
  return validateRequest(spec, { method: 'GET', path: '/search?limit=5', ...SEARCH_OK, ...request }, options)
}

function messages(request: Partial<RequestInput>, options: RequestValidationOptions = {}) {
  return run(request, options).violations.map((violation) => violation.message)
}

describe('validateRequest: path parameters', () => {
  it.each([
    ['simple style, exploded object', '/simple/7/1,2/x=1,y=2', []],
    ['"01" is not an integer', '/simple/01/1/x=1', ['[path.id] must be integer, received "01" (string)']],
    [
      'array items are coerced one by one',
      '/simple/1/1,a/x=1',
      ['[path.ids/1] must be integer, received "a" (string)'],
    ],
    [
      'percent-decoding after splitting',
      '/simple/1/1%2C2/x=1',
      ['[path.ids/0] must be integer, received "1,2" (string)'],
    ],
    ['label and matrix styles', '/label/.1,2/;matrix=3;matrix=4', []],
    [
      'a matrix value missing its prefix',
      '/label/.1/3',
      [`[path.matrix] must be matrix-style (';matrix=…'), received "3"`],
    ],
  ])('%s', (_name, path, want) => {
    expect(messages({ path, headers: {} })).toEqual(want)
  })
})

describe('validateRequest: query, header and cookie parameters', () => {
  it.each([
    [
      'valid',
      '/search?limit=5&flag=TRUE&tags=1&tags=2&csv=1,2&spaced=1%202&piped=1|2&filter[x]=1&filter[y]=2',
      [],
    ],
    ['required missing', '/search', ['[query.limit] required query parameter is missing']],
    [
      '"1" is not a boolean',
      '/search?limit=5&flag=1',
      ['[query.flag] must be boolean, received "1" (string)'],
    ],
    ['bounds after coercion', '/search?limit=500', ['[query.limit] must be <= 100, received 500 (number)']],
    [
      'repeated scalar refused',
      '/search?limit=1&limit=2',
      [
        '[query.limit] multiple values received (count=2) but the parameter takes a single value; refusing to pick one silently',
      ],
    ],
    [
      'form, not exploded',
      '/search?limit=1&csv=1,x',
      ['[query.csv/1] must be integer, received "x" (string)'],
    ],
    [
      'deepObject',
      '/search?limit=1&filter[x]=a',
      ['[query.filter/x] must be integer, received "a" (string)'],
    ],
    [
      'pipeDelimited',
      '/search?limit=1&piped=1|b',
      ['[query.piped/1] must be integer, received "b" (string)'],
    ],
  ])('%s', (_name, path, want) => {
    expect(messages({ path })).toEqual(want)
  })

  it('prefers request.query over the query string', () => {
    expect(messages({ path: '/search?limit=oops', query: { limit: '3', tags: ['1', '2'] } })).toEqual([])
  })

  it.each([
    ['a missing required header', {}, ['[header.X-Trace] required header is missing']],
    [
      'a header value that breaks its format',
      { 'X-TRACE': 'nope' },
      ['[header.X-Trace] must match format "uuid", received "nope" (string)'],
    ],
  ])('%s (Accept, Content-Type and Authorization parameters are ignored)', (_name, headers, want) => {
    expect(messages({ headers })).toEqual(want)
  })

  it.each([
    ['not captured: not checked', undefined, undefined, []],
    [
      'from cookies',
      { theme: 'neon' },
      undefined,
      ['[cookie.theme] must be one of: "dark", "light", received "neon" (string)'],
    ],
    [
      'from the Cookie header',
      undefined,
      'a=1; theme=blue',
      ['[cookie.theme] must be one of: "dark", "light", received "blue" (string)'],
    ],
    [
      'from the Cookie header, the first of two pairs of one name',
      undefined,
      'theme=neon; theme=dark',
      ['[cookie.theme] must be one of: "dark", "light", received "neon" (string)'],
    ],
    ['from the Cookie header, percent-decoded', undefined, 'theme=d%61rk', []],
  ])('cookie parameter %s', (_name, cookies, cookieHeader, want) => {
    const headers =
      cookieHeader === undefined ? SEARCH_OK.headers : { ...SEARCH_OK.headers, cookie: cookieHeader }
    expect(messages(cookies === undefined ? { headers } : { headers, cookies })).toEqual(want)
  })

  it.each([
    ['given as cookies', { cookies: {} }],
    ['read from the Cookie header', { headers: { cookie: 'theme=dark' } }],
  ])('never takes a name of Object.prototype for a cookie (%s)', (_name, request) => {
    const prototypeNames = makeSpec({
      paths: {
        '/prefs': {
          get: {
            parameters: ['constructor', 'toString', '__proto__'].map((name) => ({
              name,
              in: 'cookie',
              required: true,
              schema: { type: 'string' },
            })),
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    })
    expect(
      validateRequest(prototypeNames, { method: 'GET', path: '/prefs', ...request }).violations.map(
        (violation) => violation.message,
      ),
    ).toEqual([
      '[cookie.constructor] required cookie parameter is missing',
      '[cookie.toString] required cookie parameter is missing',
      '[cookie.__proto__] required cookie parameter is missing',
    ])
  })

  it('validates a 3.2 querystring as one form-encoded object', () => {
    expect(validateRequest(spec, { method: 'GET', path: '/qs?page=2' }).outcome).toBe('success')
    expect(
      validateRequest(spec, { method: 'GET', path: '/qs?page=x' }).violations.map((v) => v.message),
    ).toEqual(['[querystring/page] must be integer, received "x" (string)'])
    expect(validateRequest(spec, { method: 'GET', path: '/qs' }).violations.map((v) => v.message)).toEqual([
      '[querystring] required URL query string is missing for GET /qs.',
    ])
  })
})

describe('validateRequest: bodies', () => {
  const post = (request: Partial<RequestInput>) =>
    validateRequest(spec, {
      method: 'POST',
      path: '/items',
      headers: { authorization: 'Bearer t' },
      ...request,
    })

  it.each([
    ['JSON', 'application/json', { name: 'Rex' }, 'success', []],
    [
      'JSON refusing readOnly',
      'application/json; charset=utf-8',
      { name: 'Rex', id: 1 },
      'failure',
      ['[/id] is readOnly and must not be sent in a request, received 1 (number)'],
    ],
    ['form fields coerced', 'application/x-www-form-urlencoded', { count: '3', tags: 'a' }, 'success', []],
    [
      'raw urlencoded text',
      'application/x-www-form-urlencoded',
      'count=x&tags=a&tags=b',
      'failure',
      ['[/count] must be integer, received "x" (string)'],
    ],
    [
      'multipart with a file part',
      'multipart/form-data; boundary=x',
      { file: new Uint8Array([1, 2]), size: '2' },
      'success',
      [],
    ],
    [
      'multipart missing the file',
      'multipart/form-data',
      { size: '2' },
      'failure',
      ['[/file] required property is missing'],
    ],
    ['another media type with a schema', 'application/xml', '<a/>', 'skipped', []],
    ['another media type without a schema', 'application/octet-stream', 'bytes', 'success', []],
    [
      'an undeclared media type',
      'text/plain',
      'hi',
      'failure',
      [
        "Request Content-Type 'text/plain' is not defined for POST /items in 'shop' spec. Defined content types: application/json, application/x-www-form-urlencoded, multipart/form-data, application/xml, application/octet-stream",
      ],
    ],
  ])('%s', (_name, contentType, body, outcome, want) => {
    const result = post({ contentType, body })
    expect({ outcome: result.outcome, messages: result.violations.map((v) => v.message) }).toEqual({
      outcome,
      messages: want,
    })
  })

  it('requires a required body', () => {
    expect(post({}).violations.map((v) => v.message)).toEqual([
      "Request body is empty but POST /items defines a required request body in 'shop' spec.",
    ])
  })

  it('records the media key it matched', () => {
    expect(
      post({ contentType: 'multipart/form-data; boundary=x', body: { file: 'x' } }).matchedContentType,
    ).toBe('multipart/form-data')
  })

  it('downgrades violations when the test got a documented status it expected', () => {
    const bad = { contentType: 'application/json', body: { name: 3 } }
    const options = { responseStatus: 422, skipRequestValidationResponseCodes: ['422'] }
    expect(
      validateRequest(
        spec,
        { method: 'POST', path: '/items', headers: { authorization: 'Bearer t' }, ...bad },
        options,
      ),
    ).toMatchObject({
      outcome: 'skipped',
      skipReason:
        'request validation skipped: response 422 is documented (spec key 422) and matched pattern 422',
    })
    const undocumented = { ...options, responseStatus: 400, skipRequestValidationResponseCodes: ['400'] }
    expect(
      validateRequest(
        spec,
        { method: 'POST', path: '/items', headers: { authorization: 'Bearer t' }, ...bad },
        undocumented,
      ).outcome,
    ).toBe('failure')
  })
})

describe('validateRequest: security', () => {
  it.each([
    ['a bearer token', { authorization: 'Bearer abc' }, '/items', []],
    ['both keys of the AND alternative', { 'x-key': 'k' }, '/items?key=1', []],
    [
      'no credentials at all',
      {},
      '/items',
      [
        "[security] POST /items: requirement 'bearer' (alternative 1 of 2) not satisfied: Authorization header is missing.",
        "[security] POST /items: requirement 'headerKey' (alternative 2 of 2) not satisfied: api key 'X-Key' is missing from the header.",
        "[security] POST /items: requirement 'queryKey' (alternative 2 of 2) not satisfied: api key 'key' is missing from the query.",
      ],
    ],
    [
      'a Basic credential where Bearer is required, and half of the AND',
      { authorization: 'Basic Zm9v', 'x-key': 'k' },
      '/items',
      [
        "[security] POST /items: requirement 'bearer' (alternative 1 of 2) not satisfied: Authorization header does not contain a 'Bearer <token>' credential.",
        "[security] POST /items: requirement 'queryKey' (alternative 2 of 2) not satisfied: api key 'key' is missing from the query.",
      ],
    ],
  ])('%s', (_name, headers, path, want) => {
    const result = validateRequest(spec, {
      method: 'POST',
      path,
      headers,
      contentType: 'application/json',
      body: { name: 'x' },
    })
    expect(result.violations.map((v) => v.message)).toEqual(want)
  })

  it('passes alternatives it cannot check, warning once per scheme', () => {
    const warnings = collectWarnings()
    for (let i = 0; i < 2; i++) {
      expect(
        validateRequest(spec, { method: 'PUT', path: '/secure' }, { onWarning: warnings.onWarning }).outcome,
      ).toBe('success')
    }
    expect(warnings.messages).toMatchInlineSnapshot(`
      [
        "[security] spec 'shop': OAuth2 scheme 'oauth' is silently passed (no token check) — PUT /secure. contracttool checks http bearer and apiKey credentials only.",
        "[security] spec 'shop': http-basic scheme 'basic' is silently passed (no token check) — PUT /secure. contracttool checks http bearer and apiKey credentials only.",
      ]
    `)
  })

  it('fails a checkable alternative even beside an uncheckable one', () => {
    expect(
      validateRequest(spec, { method: 'GET', path: '/secure' }, { onWarning: () => {} }).violations.map(
        (v) => v.message,
      ),
    ).toEqual([
      "[security] GET /secure: requirement 'cookieKey' (alternative 1 of 2) not satisfied: api key 'sid' is missing from the cookie.",
    ])
    expect(validateRequest(spec, { method: 'GET', path: '/secure', cookies: { sid: 's' } }).outcome).toBe(
      'success',
    )
  })

  it('reports a malformed declaration as a hard failure', () => {
    expect(validateRequest(spec, { method: 'DELETE', path: '/secure' }).violations).toEqual([
      {
        code: 'malformed-security',
        message:
          "[security] DELETE /secure: security requirement references undefined scheme 'missing' — add it under components.securitySchemes.",
        location: { in: 'security', pointer: '' },
      },
    ])
  })
})

describe('validateRequest: the petstore fixture', () => {
  it('validates the 3.0 petstore, in order: path, header, security, body', () => {
    const petstore = loadSpecFileSync(fixturePath('petstore-3.0.yaml'))
    const result = validateRequest(petstore, {
      method: 'PATCH',
      path: '/pets/0',
      headers: {},
      contentType: 'application/json',
      body: { id: 1, name: '' },
    })
    expect(result.message).toMatchInlineSnapshot(`
      "PATCH /pets/{petId} request application/json: 6 violations against 'petstore-3.0' spec (operationId updatePet, request path /pets/0)
        [path.petId] must be >= 1, received 0 (number)
        [security] PATCH /pets/{petId}: requirement 'bearerAuth' (alternative 1 of 2) not satisfied: Authorization header is missing.
        [security] PATCH /pets/{petId}: requirement 'apiKeyHeader' (alternative 2 of 2) not satisfied: api key 'X-API-Key' is missing from the header.
        [/kind] discriminator property 'kind' is missing (expected one of: "cat", "dog")
        [/id] is readOnly and must not be sent in a request, received 1 (number)
        [/name] must have at least 1 character, received "" (string) (0 characters)"
    `)
  })
})
