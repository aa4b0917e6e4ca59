import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import type { ResponseInput } from './types.js'
import { validateRequest } from './validate-request.js'
import { validateResponse } from './validate-response.js'

// Cases where the OpenAPI text decides a verdict a lenient reading would pass.

const spec = makeSpec(
  {
    servers: [{ url: 'http://api.example.com/basePath1' }],
    paths: {
      '/endpointPath': {
        get: {
          responses: {
            '200': { description: 'no content documented' },
            '204': { description: 'no content' },
            '201': {
              description: 'versioned',
              content: {
                'application/json; version=1': {
                  schema: { type: 'object', required: ['v1'] },
                },
              },
            },
            '202': {
              description: 'text',
              content: {
                'text/plain; charset=utf-8': { schema: { type: 'string', enum: ['queued', 'running'] } },
                'text/csv': { schema: { type: 'string', pattern: '^id,name\\n', maxLength: 40 } },
                'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
                'text/html': { schema: { maxLength: 5 } },
              },
            },
          },
        },
        post: {
          requestBody: {
            content: {
              'application/json; version=1': { schema: { type: 'object', required: ['v1'] } },
              'text/plain': { schema: { type: 'string', minLength: 3 } },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/search': {
        get: {
          parameters: [
            { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'tag', in: 'query', allowEmptyValue: true, schema: { type: 'string' } },
            { name: 'next', in: 'query', schema: { type: 'string' } },
            { name: 'url', in: 'query', allowReserved: true, schema: { type: 'string' } },
            {
              name: 'ids',
              in: 'query',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
          ],
          responses: { '204': { description: 'ok' } },
        },
      },
      '/nothing': { get: {} },
      '/empty': { get: { responses: {} } },
    },
  },
  '3.0',
  'api',
)

const respond = (response: Partial<ResponseInput>, options = {}) =>
  validateResponse(spec, { method: 'GET', path: '/endpointPath', status: 200, ...response }, options)

describe('a body where the response documents none', () => {
  // "content: A map containing descriptions of potential response payloads": none documented, none allowed.
  // @see https://spec.openapis.org/oas/v3.0.3#response-object
  it.each([
    { status: 204, body: {}, want: 'failure' },
    { status: 200, body: { a: 1 }, want: 'failure' },
    { status: 200, body: 'text', want: 'failure' },
    { status: 200, body: null, want: 'failure' },
    { status: 204, body: undefined, want: 'success' },
    { status: 204, body: '', want: 'success' },
    { status: 204, body: ' \n', want: 'success' },
    { status: 204, body: new Uint8Array(0), want: 'success' },
  ])('$status $body: $want', ({ status, body, want }) => {
    expect(respond({ status, body }).outcome).toBe(want)
  })

  it('says what was received', () => {
    expect(respond({ status: 204, body: { a: 1 } }).message).toMatchInlineSnapshot(`
      "GET /endpointPath 204 (no content): 1 violation against 'api' spec
        Response body is not empty but GET /endpointPath (status 204) documents no content in 'api' spec: received {"a":1} (object)."
    `)
    expect(respond({ status: 204, body: { a: 1 } }).violations[0]?.code).toBe('body-not-documented')
  })
})

describe('media type parameters', () => {
  // A media type's parameters are part of it (RFC 9110 §8.3.1); only charset is set aside.
  // @see https://spec.openapis.org/oas/v3.0.3#media-types
  const json = (contentType: string, body: unknown) =>
    respond({ status: 201, headers: { 'content-type': contentType }, body })

  it.each([
    { contentType: 'application/json; version=1', want: 'success' },
    { contentType: 'application/json;version="1"; charset=utf-8', want: 'success' },
    { contentType: 'application/json; VERSION=1', want: 'success' },
    { contentType: 'application/json; version=2', want: 'failure' },
    { contentType: 'application/json', want: 'failure' },
  ])('$contentType: $want', ({ contentType, want }) => {
    expect(json(contentType, { v1: true }).outcome).toBe(want)
  })

  it('names the documented variants', () => {
    expect(json('application/json; version=2', { v1: true }).violations[0]?.message).toBe(
      "Response Content-Type 'application/json; version=2' is not defined for GET /endpointPath (status 201) in 'api' spec. Defined content types: application/json; version=1",
    )
  })

  it('holds for request bodies too', () => {
    const post = (contentType: string) =>
      validateRequest(spec, {
        method: 'POST',
        path: '/endpointPath',
        headers: { 'content-type': contentType },
        body: { v1: 1 },
      })
    expect(post('application/json; version=1').outcome).toBe('success')
    expect(post('application/json; version=2').violations.map((v) => v.code)).toEqual([
      'content-type-not-defined',
    ])
  })

  it('sets charset aside on the key too', () => {
    const text = respond({
      status: 202,
      headers: { 'content-type': 'text/plain; charset=latin1' },
      body: 'queued',
    })
    expect(text).toMatchObject({ outcome: 'success', matchedContentType: 'text/plain; charset=utf-8' })
  })
})

describe('text bodies with a string schema', () => {
  // A schema describes the body whatever its media type; a text body is a string.
  // @see https://spec.openapis.org/oas/v3.0.3#media-type-object
  const text = (contentType: string, body: unknown) =>
    respond({ status: 202, headers: { 'content-type': contentType }, body })

  it.each([
    { contentType: 'text/plain', body: 'running', want: 'success' },
    { contentType: 'text/plain', body: 'stopped', want: 'failure' },
    { contentType: 'text/csv', body: 'id,name\n1,Rex\n', want: 'success' },
    { contentType: 'text/csv', body: 'name,id\n', want: 'failure' },
    { contentType: 'text/csv', body: `id,name\n${'x'.repeat(40)}`, want: 'failure' },
    // No `type`, only string keywords.
    { contentType: 'text/html', body: '<p>', want: 'success' },
    { contentType: 'text/html', body: '<p>hello</p>', want: 'failure' },
    // A binary string is not its text: skipped, as before.
    { contentType: 'application/octet-stream', body: 'anything', want: 'skipped' },
  ])('$contentType $body: $want', ({ contentType, body, want }) => {
    expect(text(contentType, body).outcome).toBe(want)
  })

  it('reports the text like any value', () => {
    expect(text('text/plain', 'stopped').violations[0]?.message).toBe(
      '[/] must be one of: "queued", "running", received "stopped" (string)',
    )
  })

  it('checks request text bodies', () => {
    const post = (body: string) =>
      validateRequest(spec, {
        method: 'POST',
        path: '/endpointPath',
        headers: { 'content-type': 'text/plain' },
        body,
      }).outcome
    expect([post('abcd'), post('ab')]).toEqual(['success', 'failure'])
  })
})

describe('query values as sent', () => {
  // allowEmptyValue: "Sets the ability to pass empty-valued parameters … Default value is false."
  // allowReserved: reserved characters (RFC 3986) unencoded only when true; "The default value is false."
  // @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-10
  const search = (query: string) => validateRequest(spec, { method: 'GET', path: `/search?${query}` })
  it.each([
    { query: 'q=cats', want: [] },
    { query: 'q=', want: ['parameter-empty'] },
    { query: 'q', want: ['parameter-empty'] },
    { query: 'q=cats&tag=', want: [] },
    { query: 'q=cats&next=', want: ['parameter-empty'] },
    { query: 'q=a%2Fb', want: [] },
    { query: 'q=a/b', want: ['parameter-reserved'] },
    { query: 'q=cats&next=a:b', want: ['parameter-reserved'] },
    { query: 'q=cats&url=http://x.example/a?b', want: [] },
    // Commas joining a list are delimiters, not data; `+` is an encoded space.
    { query: 'q=a+b&ids=1,2,3', want: [] },
    { query: 'q=a&ids=1,(2)', want: ['parameter-reserved'] },
  ])('$query: $want', ({ query, want }) => {
    expect(search(query).violations.map((violation) => violation.code)).toEqual(want)
  })

  it('says which setting is missing', () => {
    expect(search('q=').violations[0]?.message).toBe(
      '[query.q] query parameter is sent with an empty value, which needs allowEmptyValue: true',
    )
    expect(search('q=a/b').violations[0]?.message).toBe(
      `[query.q] query value "a/b" carries the reserved character '/' unencoded, which needs allowReserved: true (or send it percent-encoded)`,
    )
  })

  it('checks allowReserved only where the query string as sent is known', () => {
    const result = validateRequest(spec, { method: 'GET', path: '/search', query: { q: 'a/b' } })
    expect(result.outcome).toBe('success')
  })
})

describe('an operation without responses', () => {
  // 3.0: "responses: REQUIRED. The list of possible responses"; at least one response code.
  // @see https://spec.openapis.org/oas/v3.0.3#responses-object
  it.each([
    { path: '/nothing', want: ' (its responses field is missing)' },
    { path: '/empty', want: '' },
  ])('$path says so', ({ path, want }) => {
    const result = validateResponse(spec, { method: 'GET', path, status: 200 })
    expect(result.violations[0]?.message).toBe(
      `Status code 200 not defined for GET ${path} in 'api' spec. The operation documents no responses${want}: OpenAPI 3.0 requires at least one.`,
    )
  })

  // 3.1 and 3.2 drop the requirement: "responses: The list of possible responses as they are returned from
  // executing this operation" (no REQUIRED), so the message must not say OpenAPI requires them.
  // @see https://spec.openapis.org/oas/v3.1.0#operation-object
  it.each(['3.1', '3.2'] as const)('in %s, says so without calling the spec invalid', (version) => {
    const later = makeSpec({ paths: { '/nothing': { get: {} } } }, version, 'api')
    const message = validateResponse(later, { method: 'GET', path: '/nothing', status: 200 }).violations[0]
      ?.message
    expect(message).toBe(
      "Status code 200 not defined for GET /nothing in 'api' spec. The operation documents no responses (its responses field is missing).",
    )
  })
})

describe('server base paths', () => {
  // "The path is appended to the URL from the Server Object in order to construct the full URL."
  // @see https://spec.openapis.org/oas/v3.0.3#paths-object
  it('validates a path under the server URL against the operation', () => {
    const result = validateResponse(spec, { method: 'GET', path: '/basePath1/endpointPath', status: 204 })
    expect(result).toMatchObject({ outcome: 'success', matchedPath: '/endpointPath' })
    const request = validateRequest(spec, { method: 'GET', path: '/basePath1/endpointPath' })
    expect(request).toMatchObject({ outcome: 'success', matchedPath: '/endpointPath' })
  })

  it('matches paths as sent with matchServers: false', () => {
    const options = { matchServers: false }
    const input = { method: 'GET', path: '/basePath1/endpointPath', status: 204 }
    const result = validateResponse(spec, input, options)
    expect(result.violations[0]?.code).toBe('no-matching-path')
    expect(result.message).toContain("add '/basePath1' to stripPrefixes")
    // The setting is remembered apart from the default one.
    expect(validateResponse(spec, input).outcome).toBe('success')
    expect(validateRequest(spec, input, options).outcome).toBe('failure')
  })

  it('refuses a matchServers that is not a boolean', () => {
    expect(() => respond({}, { matchServers: 1 })).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_INVALID_OPTION',
        message: 'matchServers must be a boolean, got integer.',
      }),
    )
  })
})

describe('the server a request path was matched through', () => {
  // "The path is appended to the URL from the Server Object in order to construct the full URL."
  // @see https://spec.openapis.org/oas/v3.0.3#paths-object
  const server = { url: 'http://api.example.com/basePath1', basePath: '/basePath1', location: 'servers[0]' }

  it('is reported on the result, passing or failing, and named in the failure message', () => {
    const passed = respond({ path: '/basePath1/endpointPath', status: 204 })
    expect(passed).toMatchObject({ outcome: 'success', matchedPath: '/endpointPath', matchedServer: server })
    const failed = respond({ path: '/basePath1/endpointPath', status: 204, body: { a: 1 } })
    expect(failed.matchedServer).toEqual(server)
    expect(failed.message.split('\n')[0]).toBe(
      "GET /endpointPath 204 (no content): 1 violation against 'api' spec (request path /basePath1/endpointPath, matched through server http://api.example.com/basePath1 (servers[0], base path /basePath1))",
    )
    const request = validateRequest(spec, {
      method: 'POST',
      path: '/basePath1/endpointPath',
      body: 'ab',
      contentType: 'text/plain',
    })
    expect(request.matchedServer).toEqual(server)
    expect(request.message).toContain('matched through server http://api.example.com/basePath1 (servers[0]')
  })

  it('is null for a path matched as sent, and for a path that matches nothing', () => {
    expect(respond({ path: '/endpointPath', status: 204 }).matchedServer).toBeNull()
    expect(
      respond({ path: '/basePath1/endpointPath', status: 204 }, { matchServers: false }).matchedServer,
    ).toBeNull()
    expect(respond({ path: '/elsewhere', status: 204 }).matchedServer).toBeNull()
  })

  it('is reported when the path matched but the method is not documented', () => {
    const result = validateResponse(spec, { method: 'DELETE', path: '/basePath1/endpointPath', status: 204 })
    expect(result.violations[0]?.code).toBe('method-not-defined')
    expect(result.matchedServer).toEqual(server)
  })
})

describe('a failed oneOf in a failure message', () => {
  // jest-openapi lists every branch's errors; contracttool the closest branch's, then each other branch's first.
  const pets = makeSpec(
    {
      paths: {
        '/pet': {
          get: {
            responses: {
              '200': {
                description: 'a pet',
                content: {
                  'application/json': {
                    schema: {
                      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
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
          Cat: { type: 'object', required: ['meows'], properties: { meows: { type: 'boolean' } } },
          Dog: { type: 'object', required: ['barks'], properties: { barks: { type: 'boolean' } } },
        },
      },
    },
    '3.1',
    'pets',
  )

  it('shows the closest branch, then the first violation of the other one, indented under it', () => {
    const result = validateResponse(pets, {
      method: 'GET',
      path: '/pet',
      status: 200,
      contentType: 'application/json',
      body: { barks: 'loud' },
    })
    expect(result.violations).toHaveLength(1)
    expect(result.message).toBe(
      [
        "GET /pet 200 application/json: 1 violation against 'pets' spec",
        `  [/barks] must be boolean, received "loud" (string) (in oneOf branch #1 'Dog', the closest of 2)`,
        '    other oneOf branches, the first violation of each:',
        "    - #0 'Cat': [/meows] required property is missing",
      ].join('\n'),
    )
  })
})
