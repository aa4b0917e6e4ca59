import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { validateResponse } from './validate-response.js'

// Schemas are compiled without Ajv's own-property checks unless they name a property every object
// inherits; these cases pin the answers on both sides of that line, and across references between them.
function spec() {
  const json = (ref: string) => ({
    description: 'ok',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
  })
  return makeSpec({
    paths: {
      '/plain': { get: { responses: { '200': json('Plain') } } },
      '/wrapper': { get: { responses: { '200': json('Wrapper') } } },
      '/depends': { get: { responses: { '200': json('Depends') } } },
    },
    components: {
      schemas: {
        // Names nothing inherited: compiled without own-property checks.
        Plain: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        // A plain schema whose items refer to one that names inherited properties.
        Wrapper: {
          type: 'object',
          required: ['items'],
          properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Inherited' } } },
        },
        Inherited: {
          type: 'object',
          required: ['valueOf'],
          properties: { valueOf: { type: 'integer' }, hasOwnProperty: { type: 'boolean' } },
        },
        Depends: {
          type: 'object',
          properties: { a: { type: 'string' } },
          dependencies: { a: ['isPrototypeOf'] },
        },
      },
    },
  })
}

function messages(path: string, body: unknown, loaded = spec()): string[] {
  const result = validateResponse(loaded, {
    method: 'GET',
    path,
    status: 200,
    contentType: 'application/json',
    body,
  })
  return result.violations.map((violation) => violation.message)
}

describe('property names every object inherits', () => {
  it('validates a plain schema as before', () => {
    expect(messages('/plain', { id: 1 })).toEqual([])
    expect(messages('/plain', {})).toEqual(['[/id] required property is missing'])
    expect(messages('/plain', { id: 'x' })).toEqual(['[/id] must be integer, received "x" (string)'])
  })

  it('reads only own keys in a referenced schema that names them, reached from a plain one', () => {
    expect(messages('/wrapper', { items: [{ valueOf: 1 }] })).toEqual([])
    expect(messages('/wrapper', { items: [{}, { valueOf: 'x', hasOwnProperty: 2 }] })).toEqual([
      '[/items/0/valueOf] required property is missing',
      '[/items/1/valueOf] must be integer, received "x" (string)',
      '[/items/1/hasOwnProperty] must be boolean, received 2 (number)',
    ])
  })

  it('reads only own keys for dependencies', () => {
    expect(messages('/depends', { a: 'x', isPrototypeOf: 1 })).toEqual([])
    expect(messages('/depends', { a: 'x' })).toHaveLength(1)
    expect(messages('/depends', {})).toEqual([])
  })
})

describe('remembered operations', () => {
  it('follows a stripPrefixes list changed in place', () => {
    const loaded = spec()
    const stripPrefixes = ['/v1']
    const options = { stripPrefixes }
    const call = (path: string) =>
      validateResponse(
        loaded,
        { method: 'GET', path, status: 200, contentType: 'application/json', body: { id: 1 } },
        options,
      )
    expect(call('/v1/plain').outcome).toBe('success')
    expect(call('/v2/plain').violations[0]?.code).toBe('no-matching-path')
    stripPrefixes[0] = '/v2'
    expect(call('/v2/plain').outcome).toBe('success')
    expect(call('/v1/plain').violations[0]?.code).toBe('no-matching-path')
  })

  it('keys operations by method as sent', () => {
    const loaded = spec()
    const call = (method: string) =>
      validateResponse(loaded, {
        method,
        path: '/plain',
        status: 200,
        contentType: 'application/json',
        body: {},
      })
    expect(call('GET').violations[0]?.code).toBe('schema')
    expect(call('POST').violations[0]?.code).toBe('method-not-defined')
    expect(call('get').violations[0]?.code).toBe('schema')
  })
})
