import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildTestSpec, OK_OPERATION } from './build-test-spec.test-kit.js'
import { matchOperation } from './match-operation.js'
import { readServers } from './read-servers.js'
import type { MatchOptions } from './types.js'

const op = (operationId: string, extra: JsonObject = {}): JsonObject => ({
  ...OK_OPERATION,
  operationId,
  ...extra,
})

function outcome(result: ReturnType<typeof matchOperation>): string {
  if (result.kind !== 'matched') return result.kind
  const server = result.path.server
  return `${result.operation.operationId}${server === undefined ? '' : ` via ${server.location} ${server.basePath}`}`
}

describe('matchOperation through servers', () => {
  const spec = buildTestSpec(
    {
      '/': { get: op('root') },
      '/endpointPath': { get: op('endpoint') },
      '/pets/{petId}': { get: op('getPet') },
      '/v1/pets': { get: op('literalV1Pets') },
      '/reports': {
        servers: [{ url: 'https://reports.example.com/archive' }],
        get: op('listReports'),
        post: op('createReport', { servers: [{ url: '/upload' }] }),
      },
    },
    {
      servers: [
        { url: 'http://api.example.com/basePath1' },
        {
          url: 'https://{region}.example.com/{version}/',
          variables: {
            region: { default: 'eu' },
            version: { default: 'v1', enum: ['v1', 'v2'] },
          },
        },
        { url: 'relative/base' },
      ],
    },
  )
  const cases: { method: string; path: string; options?: MatchOptions; want: string }[] = [
    // OpenAPI: the path is appended to the server URL to build the full URL.
    { method: 'GET', path: '/basePath1/endpointPath', want: 'endpoint via servers[0] /basePath1' },
    { method: 'GET', path: '/basePath1/pets/7?x=1', want: 'getPet via servers[0] /basePath1' },
    // A base path equal to the whole path leaves the root.
    { method: 'GET', path: '/basePath1', want: 'root via servers[0] /basePath1' },
    { method: 'GET', path: '/basePath1/', want: 'root via servers[0] /basePath1' },
    // Variables: the default and every enum value.
    { method: 'GET', path: '/v1/pets/7', want: 'getPet via servers[1] /v1' },
    { method: 'GET', path: '/v2/pets/7', want: 'getPet via servers[1] /v2' },
    // Nothing under `/v1` is `/pets`: the path matches as sent.
    { method: 'GET', path: '/v1/pets', want: 'literalV1Pets' },
    { method: 'GET', path: '/v3/pets/7', want: 'no-path' },
    // Relative URLs read as paths.
    { method: 'GET', path: '/relative/base/endpointPath', want: 'endpoint via servers[2] /relative/base' },
    // Only whole segments: `/basePath10` is not under `/basePath1`.
    { method: 'GET', path: '/basePath10/endpointPath', want: 'no-path' },
    // A path matching as sent still matches.
    { method: 'GET', path: '/endpointPath', want: 'endpoint' },
    // Path Item servers replace the root ones for that path, Operation servers replace both.
    {
      method: 'GET',
      path: '/archive/reports',
      want: 'listReports via paths["/reports"].servers[0] /archive',
    },
    { method: 'GET', path: '/basePath1/reports', want: 'no-path' },
    {
      method: 'POST',
      path: '/upload/reports',
      want: 'createReport via paths["/reports"].post.servers[0] /upload',
    },
    { method: 'POST', path: '/archive/reports', want: 'no-path' },
    // A configured prefix goes first, then the server's base path.
    {
      method: 'GET',
      path: '/gateway/basePath1/endpointPath',
      options: { stripPrefixes: ['/gateway'] },
      want: 'endpoint via servers[0] /basePath1',
    },
    // Off: paths match as sent.
    { method: 'GET', path: '/basePath1/endpointPath', options: { matchServers: false }, want: 'no-path' },
    { method: 'GET', path: '/v1/pets/7', options: { matchServers: false }, want: 'no-path' },
  ]
  it.each(cases)('$method $path $options', ({ method, path, options, want }) => {
    expect(outcome(matchOperation(spec, method, path, options))).toBe(want)
  })

  it('tries the longest base path first', () => {
    const nested = buildTestSpec(
      { '/pets': { get: op('outer') }, '/v1/pets': { get: op('inner') } },
      { servers: [{ url: '/api' }, { url: '/api/v1' }] },
    )
    expect(outcome(matchOperation(nested, 'GET', '/api/v1/pets'))).toBe('outer via servers[1] /api/v1')
  })

  it('keeps the closest-paths hint for a path that still matches nothing', () => {
    const result = matchOperation(spec, 'GET', '/basePath1/pet/7')
    expect(result.kind === 'no-path' ? result.message : result.kind).toMatchInlineSnapshot(`
      "No matching path found in 'petstore' spec for GET /basePath1/pet/7
        searched as: /pet/7 (after removing base path '/basePath1' of servers[0])
        closest spec paths:
          - GET /v1/pets
          - GET /pets/{petId}
          - GET /reports"
    `)
  })

  it('refuses a matchServers that is not a boolean', () => {
    expect(() => matchOperation(spec, 'GET', '/', { matchServers: 'no' } as never)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_INVALID_OPTION',
        message: 'matchOperation: expected options.matchServers to be a boolean, received the string "no".',
      }),
    )
  })
})

describe('servers that cannot be read', () => {
  const cases: { name: string; servers: JsonValue; want: string }[] = [
    {
      name: 'a URL that does not parse',
      servers: [{ url: 'http://[::1/v1' }],
      want: 'servers[0].url "http://[::1/v1" is not a valid URL',
    },
    {
      name: 'a URL with a space',
      servers: [{ url: '/my api' }],
      want: 'servers[0].url "/my api" is not a valid URL',
    },
    {
      name: 'an undefined variable',
      servers: [{ url: '/{version}' }],
      want: 'servers[0].url "/{version}" uses variable {version}, which servers[0].variables does not define',
    },
    {
      name: 'a variable without a string default',
      servers: [{ url: '/{version}', variables: { version: { enum: ['v1'] } } }],
      want: 'servers[0].url "/{version}" uses variable {version}, which has no string default',
    },
    {
      name: 'an unbalanced brace',
      servers: [{ url: '/{version' }],
      want: 'servers[0].url "/{version" has an unbalanced brace',
    },
    { name: 'a url that is not a string', servers: [{ url: 1 }], want: 'servers[0].url must be a string' },
    { name: 'servers not a list', servers: { url: '/v1' }, want: 'servers must be a list of Server Objects' },
  ]
  it.each(cases)('$name: a coded error, never a silent non-match', ({ servers, want }) => {
    const spec = buildTestSpec(['/pets'], { servers })
    expect(readServers(spec).problems.map((problem) => problem.message)).toEqual([want])
    expect(() => matchOperation(spec, 'GET', '/pets')).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_INVALID_SERVER',
        message: `matchOperation: 'petstore' spec: ${want}. Fix the entry, or pass matchServers: false to match request paths without the spec's servers.`,
      }),
    )
    expect(outcome(matchOperation(spec, 'GET', '/pets', { matchServers: false }))).toBe('undefined')
  })

  it('names path item and operation entries by where they are', () => {
    const spec = buildTestSpec({
      '/a': { servers: [{ url: '/{x}' }], get: op('a', { servers: [{ url: 'http://[' }] }) },
    })
    expect(readServers(spec).problems).toEqual([
      {
        location: 'paths["/a"].servers[0]',
        message:
          'paths["/a"].servers[0].url "/{x}" uses variable {x}, which paths["/a"].servers[0].variables does not define',
      },
      {
        location: 'paths["/a"].get.servers[0]',
        message: 'paths["/a"].get.servers[0].url "http://[" is not a valid URL',
      },
    ])
  })

  it('multiplies enum values only up to a bound', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i}`)
    const spec = buildTestSpec(['/pets'], {
      servers: [
        {
          url: '/{a}/{b}/{c}',
          variables: {
            a: { default: 'v0', enum: values },
            b: { default: 'v0', enum: values },
            c: { default: 'v0', enum: values },
          },
        },
      ],
    })
    const basePaths = readServers(spec).basePaths.map((server) => server.basePath)
    // 1,000 combinations exceed the bound: the defaults, then each variable's values with the others at default.
    expect(basePaths).toHaveLength(28)
    expect(basePaths).toContain('/v0/v9/v0')
    expect(outcome(matchOperation(spec, 'GET', '/v0/v0/v3/pets'))).toBe('undefined via servers[0] /v0/v0/v3')
  })
})
