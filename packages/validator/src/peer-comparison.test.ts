import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { loadJestOpenApi } from './peers.test-kit.js'
import { validateResponse } from './validate-response.js'

const DOCUMENT = {
  paths: {
    '/pets/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'ok',
            headers: { 'X-Rate-Limit': { required: true, schema: { type: 'integer' } } },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Pet' } },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          '4XX': {
            description: 'client error',
            content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name', 'kind'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          tag: { type: 'string' },
          kind: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
            discriminator: {
              propertyName: 'type',
              mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
            },
          },
        },
      },
      Cat: {
        type: 'object',
        required: ['type', 'meows'],
        properties: { type: { type: 'string', enum: ['cat'] }, meows: { type: 'boolean' } },
      },
      Dog: {
        type: 'object',
        required: ['type', 'barks'],
        properties: { type: { type: 'string', enum: ['dog'] }, barks: { type: 'boolean' } },
      },
    },
  },
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

function theirs(
  status: number,
  headers: Record<string, string>,
  body: unknown,
  text: string,
): { pass: boolean; message: string } {
  const { toSatisfyApiSpec, makeApiSpec } = loadJestOpenApi()
  const spec = makeApiSpec({
    openapi: '3.0.3',
    info: { title: 'pets', version: '1' },
    ...structuredClone(DOCUMENT),
  })
  // A superagent/supertest-shaped response, as jest-openapi reads it.
  const received = { status, headers, body, text, req: { method: 'GET', path: '/pets/1' } }
  const result = toSatisfyApiSpec.call({ isNot: false, promise: '' }, received, spec)
  return { pass: result.pass, message: result.message().replace(ANSI, '') }
}

function ours(status: number, headers: Record<string, string>, body: unknown) {
  return validateResponse(makeSpec(DOCUMENT, '3.0', 'pets'), {
    method: 'GET',
    path: '/pets/1',
    status,
    headers,
    body,
  })
}

describe('messages compared with jest-openapi on the same failing responses', () => {
  const body = { id: '1', name: 'Rex', kind: { type: 'dog', barks: 'yes' }, extra: true }
  const headers = { 'content-type': 'application/json', 'x-rate-limit': 'abc' }

  it('names the pointer, the received value and the status for every violation; theirs does not', () => {
    const mine = ours(200, headers, body)
    const peer = theirs(200, headers, body, JSON.stringify(body))
    expect(mine.message).toMatchInlineSnapshot(`
      "GET /pets/{id} 200 application/json: 4 violations against 'pets' spec (request path /pets/1)
        [/extra] is not a declared property, received true (boolean) (declared: id, name, tag, kind)
        [/id] must be integer, received "1" (string)
        [/kind/barks] must be boolean, received "yes" (string) (schema 'Dog' selected by discriminator type = "dog")
        [response-header.X-Rate-Limit] must be integer, received "abc" (string)"
    `)
    const reason =
      peer.message.split('\n').find((line) => line.startsWith('received did not satisfy it because')) ?? ''
    expect(reason).toMatchInlineSnapshot(
      `"received did not satisfy it because: response must NOT have additional properties, id must be integer, kind must have required property 'meows', kind/type must be equal to one of the allowed values, kind/barks must be boolean, kind must match exactly one schema in oneOf"`,
    )
    // Pointer + received value + type on one line: ours for each problem, theirs for none.
    expect(mine.message).toContain('[/kind/barks] must be boolean, received "yes" (string)')
    expect(
      peer.message
        .split('\n')
        .some((line) => /barks/.test(line) && /received "yes"|'yes' \(string\)/.test(line)),
    ).toBe(false)
    // The undeclared property by name: ours yes, theirs no.
    expect(mine.message).toContain('[/extra] is not a declared property')
    expect(reason).not.toContain('extra')
    // Only the discriminated branch: theirs also reports the cat branch.
    expect(mine.message).not.toContain('meows')
    expect(reason).toContain('meows')
    // The invalid header: theirs never looks at headers.
    expect(mine.message).toContain('[response-header.X-Rate-Limit]')
    expect(peer.message).not.toContain('X-Rate-Limit: abc')
    expect(peer.message.toLowerCase()).not.toContain('x-rate-limit must')
    // What was checked, up front: ours names method, template, status and content type; theirs no content type.
    expect(mine.message.split('\n')[0]).toContain('GET /pets/{id} 200 application/json')
    const headline = peer.message.split('\n').find((line) => line.startsWith('expected received')) ?? ''
    expect(headline).toBe(
      "expected received to satisfy the '200' response defined for endpoint 'GET /pets/{id}' in your API spec",
    )
  })

  it('matches the response by its Content-Type and by range keys where theirs fails falsely', () => {
    const csv = { 'content-type': 'text/csv', 'x-rate-limit': '5' }
    // A `type: string` schema checks the text itself.
    expect(ours(200, csv, 'id,name').outcome).toBe('success')
    expect(theirs(200, csv, {}, 'id,name').pass).toBe(false)
    const problem = { 'content-type': 'application/problem+json' }
    expect(ours(404, problem, { title: 'Not found' })).toMatchObject({
      outcome: 'success',
      matchedStatusKey: '4XX',
    })
    const peer = theirs(404, problem, { title: 'Not found' }, '{"title":"Not found"}')
    expect(peer.pass).toBe(false)
    expect(peer.message).toContain("your API spec has no 404 response defined for endpoint 'GET /pets/{id}'")
  })
})
