import { runInNewContext } from 'node:vm'
import { ContractToolError, type JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildTestSpec, OK_OPERATION } from './build-test-spec.test-kit.js'
import { matchOperation } from './match-operation.js'

const op = (operationId: string): JsonObject => ({ ...OK_OPERATION, operationId })

const spec32 = buildTestSpec(
  {
    '/pets': { get: op('listPets'), post: op('createPet'), query: op('searchPets') },
    '/pets/{petId}': { get: op('showPet'), delete: op('deletePet') },
    '/files/{id}': {
      get: op('getFile'),
      additionalOperations: { copy: op('copyFile'), LINK: op('linkFile'), PURGE: op('purgeFile') },
    },
    '/shared': { parameters: [{ name: 'x', in: 'query' }] },
  },
  {},
  '3.2',
)

describe('matchOperation: methods', () => {
  const cases: { method: string; path: string; want: string }[] = [
    { method: 'GET', path: '/pets', want: 'matched listPets' },
    { method: 'get', path: '/pets', want: 'matched listPets' },
    { method: 'Post', path: '/pets', want: 'matched createPet' },
    // QUERY is a fixed field in 3.2: case-insensitive like the others.
    { method: 'QUERY', path: '/pets', want: 'matched searchPets' },
    { method: 'query', path: '/pets', want: 'matched searchPets' },
    { method: 'DELETE', path: '/pets/1', want: 'matched deletePet' },
    { method: 'PUT', path: '/pets/1', want: 'no-method' },
    // additionalOperations keys match case-sensitively, as given.
    { method: 'copy', path: '/files/1', want: 'matched copyFile' },
    { method: 'COPY', path: '/files/1', want: 'no-method' },
    { method: 'LINK', path: '/files/1', want: 'matched linkFile' },
    { method: 'link', path: '/files/1', want: 'no-method' },
    { method: 'PURGE', path: '/files/1', want: 'matched purgeFile' },
    { method: 'get', path: '/files/1', want: 'matched getFile' },
    { method: 'GET', path: '/shared', want: 'no-method' },
    { method: 'GET', path: '/nope', want: 'no-path' },
  ]
  it.each(cases)('$method $path', ({ method, path, want }) => {
    const result = matchOperation(spec32, method, path)
    expect(result.kind === 'matched' ? `matched ${result.operation.operationId}` : result.kind).toBe(want)
  })

  it('returns the path match and the indexed operation', () => {
    const result = matchOperation(spec32, 'get', '/api/pets/7/?verbose=1', { stripPrefixes: ['/api'] })
    expect(result.kind).toBe('matched')
    if (result.kind !== 'matched') return
    expect(result.path).toEqual({
      template: '/pets/{petId}',
      params: { petId: '7' },
      normalizedPath: '/pets/7',
      strippedPrefix: '/api',
    })
    expect(result.operation.key).toBe('GET /pets/{petId}')
  })

  it('does not let an additionalOperations key stand in for a fixed method of another case', () => {
    // 3.2 forbids additionalOperations keys for fixed methods; a key `GET` must still not answer `get`.
    const spec = buildTestSpec({ '/x': { additionalOperations: { GET: op('additionalGet') } } }, {}, '3.2')
    expect(matchOperation(spec, 'GET', '/x').kind).toBe('matched')
    expect(matchOperation(spec, 'get', '/x').kind).toBe('no-method')
  })
})

describe('matchOperation: messages', () => {
  it('names the defined methods, sorted, when the method is missing', () => {
    const result = matchOperation(spec32, 'COPY', '/files/abc')
    expect(result.kind).toBe('no-method')
    if (result.kind !== 'no-method') return
    expect(result.definedMethods).toEqual(['GET', 'LINK', 'PURGE', 'copy'])
    expect(result.path.template).toBe('/files/{id}')
    expect(result.message).toMatchInlineSnapshot(
      `"Method COPY not defined for path /files/{id} in 'petstore' spec. Defined methods: GET, LINK, PURGE, copy."`,
    )
  })

  it('keeps the method as given and says (none) for a path item without operations', () => {
    const result = matchOperation(spec32, 'patch', '/shared')
    expect(result.kind === 'no-method' ? result.message : result.kind).toMatchInlineSnapshot(
      `"Method patch not defined for path /shared in 'petstore' spec. Defined methods: (none)."`,
    )
  })

  it('explains a path that matches nothing', () => {
    const result = matchOperation(spec32, 'get', '/api/pet/1', { stripPrefixes: ['/api'] })
    expect(result.kind).toBe('no-path')
    if (result.kind !== 'no-path') return
    expect(result.normalizedPath).toBe('/pet/1')
    expect(result.strippedPrefix).toBe('/api')
    expect(result.serversHint).toBeUndefined()
    // Both tails are 8 edits away from `pet/1`: the template string breaks the tie.
    expect(result.suggestions[0]).toEqual({ method: 'GET', path: '/files/{id}' })
    expect(result.message).toMatchInlineSnapshot(`
      "No matching path found in 'petstore' spec for GET /api/pet/1
        searched as: /pet/1 (after stripping prefix '/api')
        closest spec paths:
          - GET /files/{id}
          - LINK /files/{id}
          - PURGE /files/{id}"
    `)
  })
})

describe('matchOperation: a spec from another realm', () => {
  it('accepts a LoadedSpec whose maps were made in another realm (a Jest test file has its own)', () => {
    const spec = buildTestSpec(['/pets/{id}'])
    const otherRealmMap = runInNewContext('(entries) => new Map(entries)') as <K, V>(
      entries: Iterable<[K, V]>,
    ) => Map<K, V>
    const copy = { ...spec, operationsByPath: otherRealmMap(spec.operationsByPath) }
    expect(copy.operationsByPath instanceof Map).toBe(false)
    const result = matchOperation(copy, 'GET', '/pets/7')
    expect(result.kind === 'matched' ? result.path.template : result.kind).toBe('/pets/{id}')
  })
})

describe('matchOperation: misuse', () => {
  const cases: { name: string; run: () => unknown; want: string }[] = [
    {
      name: 'empty method',
      run: () => matchOperation(spec32, '', '/pets'),
      want: 'CONTRACTTOOL_INVALID_ARGUMENT: matchOperation: expected the HTTP method to be a non-empty string, received the string "".',
    },
    {
      name: 'missing path',
      run: () => matchOperation(spec32, 'GET', undefined as never),
      want: 'CONTRACTTOOL_INVALID_ARGUMENT: matchOperation: expected the request path to be a string, received undefined.',
    },
    {
      name: 'not a spec',
      run: () => matchOperation(null as never, 'GET', '/pets'),
      want: 'CONTRACTTOOL_INVALID_ARGUMENT: matchOperation: expected a LoadedSpec (from loadSpec, loadSpecFile or buildSpec), received null.',
    },
  ]
  it.each(cases)('$name', ({ run, want }) => {
    expect(() => run()).toThrow(ContractToolError)
    try {
      run()
    } catch (error) {
      expect(`${(error as ContractToolError).code}: ${(error as Error).message}`).toBe(want)
    }
  })
})
