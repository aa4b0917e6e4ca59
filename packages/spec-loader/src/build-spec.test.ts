import type { JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildSpec } from './build-spec.js'
import type { OpenApiVersion } from './types.js'

function build(document: JsonObject, version: OpenApiVersion = '3.1') {
  return buildSpec(document, { name: 'b', version, openapi: `${version}.0`, defaultDialect: '2020-12' })
}

describe('buildSpec', () => {
  it('survives malformed paths and path items', () => {
    const table: { given: JsonObject; want: { paths: string[]; operations: string[] } }[] = [
      { given: {}, want: { paths: [], operations: [] } },
      { given: { paths: [] }, want: { paths: [], operations: [] } },
      { given: { paths: 'nope' }, want: { paths: [], operations: [] } },
      { given: { paths: { '/a': null, '/b': [] } }, want: { paths: ['/a', '/b'], operations: [] } },
      {
        given: { paths: { '/a': { get: 'not an operation', post: null, put: {} } } },
        // Malformed operations stay indexed so the validator and the doctor can report them.
        want: { paths: ['/a'], operations: ['GET /a', 'PUT /a', 'POST /a'] },
      },
    ]
    for (const { given, want } of table) {
      const spec = build(given)
      expect({ paths: spec.paths, operations: spec.operations.map((operation) => operation.key) }).toEqual(
        want,
      )
    }
  })

  it('merges path-level and operation-level parameters: operation wins, header names ignore case', () => {
    const spec = build({
      paths: {
        '/pets/{id}': {
          parameters: [
            { $ref: '#/components/parameters/Id' },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
            { name: 'q', in: 'query' },
          ],
          get: {
            parameters: [
              { name: 'x-trace', in: 'header', required: true },
              'malformed',
              { name: 'q', in: 'cookie' },
            ],
          },
        },
      },
      components: { parameters: { Id: { name: 'id', in: 'path', required: true } } },
    })
    expect(spec.operations[0]?.parameters).toEqual([
      { name: 'id', in: 'path', required: true },
      { name: 'q', in: 'query' },
      { name: 'x-trace', in: 'header', required: true },
      'malformed',
      { name: 'q', in: 'cookie' },
    ])
  })

  it('takes security from the operation when the key is present, else from the root', () => {
    const spec = build({
      security: [{ bearer: [] }],
      paths: { '/a': { get: {}, post: { security: [] }, put: { security: [{}] } } },
    })
    expect(
      spec.operations.map(({ key, security, securitySource }) => ({ key, security, securitySource })),
    ).toEqual([
      { key: 'GET /a', security: [{ bearer: [] }], securitySource: 'root' },
      { key: 'PUT /a', security: [{}], securitySource: 'operation' },
      { key: 'POST /a', security: [], securitySource: 'operation' },
    ])
    expect(build({ paths: { '/a': { get: {} } } }).operations[0]?.securitySource).toBe('none')
  })

  it('follows refs to path items, request bodies, responses and response headers', () => {
    const spec = build({
      paths: { '/a': { $ref: '#/components/pathItems/A' } },
      components: {
        pathItems: {
          A: {
            post: {
              requestBody: { $ref: '#/components/requestBodies/Body' },
              responses: { '200': { $ref: '#/components/responses/Ok' }, default: 'malformed' },
            },
          },
        },
        requestBodies: { Body: { required: true } },
        responses: {
          Ok: { description: 'ok', headers: { 'X-Rate': { $ref: '#/components/headers/Rate' } } },
        },
        headers: { Rate: { required: true, schema: { $ref: '#/components/schemas/Int' } } },
        schemas: { Int: { type: 'integer' } },
      },
    })
    const post = spec.operationsByPath.get('/a')?.get('POST')
    expect({ requestBody: post?.requestBody, responses: post?.responses, pointer: post?.pointer }).toEqual({
      requestBody: { required: true },
      responses: {
        '200': {
          description: 'ok',
          headers: { 'X-Rate': { required: true, schema: { $ref: '#/components/schemas/Int' } } },
        },
        default: 'malformed',
      },
      pointer: '#/paths/~1a/post',
    })
  })

  it('indexes additionalOperations in 3.2 only, after the fixed methods', () => {
    const document: JsonObject = {
      paths: {
        '/a': { additionalOperations: { LINK: { operationId: 'link' }, 'a/b': {} }, get: {}, query: {} },
      },
    }
    expect(build(document, '3.2').operations.map((operation) => operation.key)).toEqual([
      'GET /a',
      'QUERY /a',
      'LINK /a',
      'a/b /a',
    ])
    expect(build(document, '3.2').operations[3]?.pointer).toBe('#/paths/~1a/additionalOperations/a~1b')
    expect(build(document, '3.1').operations.map((operation) => operation.key)).toEqual([
      'GET /a',
      'QUERY /a',
    ])
  })

  it('keeps the first of two operations that share a method in operationsByPath', () => {
    const spec = build(
      { paths: { '/a': { get: {}, additionalOperations: { GET: { operationId: 'dup' } } } } },
      '3.2',
    )
    expect(spec.operations).toHaveLength(2)
    expect(spec.operationsByPath.get('/a')?.get('GET')?.isAdditional).toBe(false)
  })

  describe('indexes a path when it is first asked for', () => {
    // Path items behind getters, as a document read lazily from disk has them: the log says which were read.
    function lazyDocument(read: string[]): JsonObject {
      const paths: JsonObject = {}
      const items: Record<string, JsonObject> = {
        '/a': { get: { operationId: 'a' } },
        '/b/{id}': { parameters: [{ in: 'path', name: 'id', required: true }], put: {}, get: {} },
        '/c': { post: {} },
      }
      for (const [path, item] of Object.entries(items)) {
        Object.defineProperty(paths, path, {
          enumerable: true,
          get: () => {
            read.push(path)
            return item
          },
        })
      }
      return { paths }
    }

    it('reads only the path item asked for', () => {
      const read: string[] = []
      const spec = build(lazyDocument(read))
      expect(spec.paths).toEqual(['/a', '/b/{id}', '/c'])
      expect(spec.operationsByPath.has('/c')).toBe(true)
      expect(spec.operationsByPath.has('/d')).toBe(false)
      expect(spec.operationsByPath.get('/d')).toBeUndefined()
      expect([...(spec.operationsByPath.get('/b/{id}')?.keys() ?? [])]).toEqual(['GET', 'PUT'])
      expect(read).toEqual(['/b/{id}'])
      spec.operationsByPath.get('/b/{id}')
      expect(read).toEqual(['/b/{id}'])
    })

    it('keeps document order for operations and the map once every path is read', () => {
      const read: string[] = []
      const spec = build(lazyDocument(read))
      spec.operationsByPath.get('/c')
      expect(spec.operations.map((operation) => operation.key)).toEqual([
        'GET /a',
        'GET /b/{id}',
        'PUT /b/{id}',
        'POST /c',
      ])
      expect([...spec.operationsByPath.keys()]).toEqual(['/a', '/b/{id}', '/c'])
      expect(spec.operationsByPath.size).toBe(3)
      expect(read).toEqual(['/c', '/a', '/b/{id}'])
      expect(spec.operations).toBe(spec.operations)
    })

    it('gives the same index whichever path is read first', () => {
      const eager = build(lazyDocument([]))
      const eagerOperations = eager.operations
      const late = build(lazyDocument([]))
      late.operationsByPath.get('/b/{id}')
      late.operationsByPath.get('/a')
      expect(late.operations).toEqual(eagerOperations)
      expect([...late.operationsByPath.entries()]).toEqual([...eager.operationsByPath.entries()])
      const visited: string[] = []
      late.operationsByPath.forEach((_, path) => {
        visited.push(path)
      })
      expect(visited).toEqual(['/a', '/b/{id}', '/c'])
    })

    it('forgets a deleted path, as a Map does; operations stay as built', () => {
      const spec = build(lazyDocument([]))
      const index = spec.operationsByPath as Map<string, ReadonlyMap<string, unknown>>
      expect(index.delete('/a')).toBe(true)
      expect(index.has('/a')).toBe(false)
      expect(index.get('/a')).toBeUndefined()
      expect([...index.keys()]).toEqual(['/b/{id}', '/c'])
      expect(spec.operations.map((operation) => operation.key)).toEqual([
        'GET /a',
        'GET /b/{id}',
        'PUT /b/{id}',
        'POST /c',
      ])
    })
  })
})
