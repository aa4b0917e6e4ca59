import type { JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildTestSpec } from './build-test-spec.test-kit.js'
import { findServersBasePathHint } from './find-servers-base-path-hint.js'

describe('findServersBasePathHint', () => {
  const cases: {
    name: string
    servers: JsonValue
    given: string
    paths?: string[]
    want: { serverIndex: number; basePath: string; strippedPath: string } | undefined
  }[] = [
    {
      name: 'a relative base path',
      servers: [{ url: '/api' }],
      given: '/api/pets',
      want: { serverIndex: 0, basePath: '/api', strippedPath: '/pets' },
    },
    {
      name: 'the path component of an absolute URL, trailing slash trimmed',
      servers: [{ url: 'https://api.example.com/v1/' }],
      given: '/v1/pets',
      want: { serverIndex: 0, basePath: '/v1', strippedPath: '/pets' },
    },
    {
      name: 'a network-path reference',
      servers: [{ url: '//api.example.com/v1?x=1' }],
      given: '/v1/pets',
      want: { serverIndex: 0, basePath: '/v1', strippedPath: '/pets' },
    },
    {
      name: 'the first server whose removal matches wins',
      servers: [{ url: '/v1' }, { url: 'https://api.example.com' }, { url: '/v2' }, { url: '/v2/' }],
      given: '/v2/pets',
      want: { serverIndex: 2, basePath: '/v2', strippedPath: '/pets' },
    },
    {
      name: 'a server whose removal does not match is passed over',
      servers: [{ url: '/api' }, { url: '/api/v1' }],
      given: '/api/v1/pets',
      want: { serverIndex: 1, basePath: '/api/v1', strippedPath: '/pets' },
    },
    {
      name: 'silent when removing the base path still does not match',
      servers: [{ url: '/api' }],
      given: '/api/unknown',
      want: undefined,
    },
    {
      name: 'silent when the server declares no base path',
      servers: [{ url: 'https://api.example.com' }],
      given: '/api/pets',
      want: undefined,
    },
    { name: 'a root server URL is no base path', servers: [{ url: '/' }], given: '/pets', want: undefined },
    {
      name: 'a relative URL without a leading slash is no base path',
      servers: [{ url: 'api' }],
      given: 'api/pets',
      want: undefined,
    },
    {
      name: '/api/ leaves the root path',
      servers: [{ url: '/api' }],
      given: '/api/',
      paths: ['/'],
      want: { serverIndex: 0, basePath: '/api', strippedPath: '/' },
    },
    {
      name: '/api leaves the root',
      servers: [{ url: '/api' }],
      given: '/api',
      paths: ['/'],
      want: { serverIndex: 0, basePath: '/api', strippedPath: '/' },
    },
    {
      name: 'the trailing slash is trimmed after removal, like stripPrefixes does',
      servers: [{ url: '/api' }],
      given: '/api/pets/',
      want: { serverIndex: 0, basePath: '/api', strippedPath: '/pets/' },
    },
    {
      name: 'a literal prefix, as stripPrefixes compares it',
      servers: [{ url: '/api' }],
      given: '/api2/pets',
      paths: ['2/pets', '/pets'],
      want: undefined,
    },
    {
      name: 'query and fragment are dropped first',
      servers: [{ url: '/api' }],
      given: '/api/pets?x=/api#y',
      want: { serverIndex: 0, basePath: '/api', strippedPath: '/pets' },
    },
    {
      name: 'a templated URL reads each variable default',
      servers: [{ url: '/api/{version}', variables: { version: { default: 'v1', enum: ['v1', 'v2'] } } }],
      given: '/api/v1/pets',
      want: { serverIndex: 0, basePath: '/api/v1', strippedPath: '/pets' },
    },
    {
      name: 'a number default is accepted',
      servers: [{ url: '/api/v{major}', variables: { major: { default: 2 } } }],
      given: '/api/v2/pets',
      want: { serverIndex: 0, basePath: '/api/v2', strippedPath: '/pets' },
    },
    {
      name: 'a default in the host does not disturb the base path',
      servers: [{ url: 'https://{env}.example.com/v1', variables: { env: { default: 'staging' } } }],
      given: '/v1/pets',
      want: { serverIndex: 0, basePath: '/v1', strippedPath: '/pets' },
    },
    {
      name: 'a variable without variables declared stays templated: no hint',
      servers: [{ url: 'https://example.com/{basePath}' }],
      given: '/{basePath}/pets',
      want: undefined,
    },
    {
      name: 'a variable with only an enum: no hint',
      servers: [{ url: '/{basePath}', variables: { basePath: { enum: ['api'] } } }],
      given: '/api/pets',
      want: undefined,
    },
    {
      name: 'a default declared for another variable: no hint',
      servers: [{ url: '/{basePath}', variables: { other: { default: 'api' } } }],
      given: '/api/pets',
      want: undefined,
    },
    {
      name: 'a boolean default is not usable',
      servers: [{ url: '/{flag}', variables: { flag: { default: true } } }],
      given: '/true/pets',
      want: undefined,
    },
    {
      name: 'a variable named like an Object.prototype key has no default',
      servers: [{ url: '/{constructor}', variables: {} }],
      given: '/api/pets',
      want: undefined,
    },
    {
      name: 'servers that is not a list',
      servers: 'https://api.example.com/api',
      given: '/api/pets',
      want: undefined,
    },
    {
      name: 'entries without a string url are skipped',
      servers: [{ description: 'no url' }, 'not-an-object', { url: 42 }, null, { url: '/api' }],
      given: '/api/pets',
      want: { serverIndex: 4, basePath: '/api', strippedPath: '/pets' },
    },
  ]
  it.each(cases)('$name', ({ servers, given, paths, want }) => {
    const spec = buildTestSpec(paths ?? ['/pets'], { servers })
    expect(findServersBasePathHint(spec, given)).toEqual(want)
  })

  it('confirms without applying configured prefixes a second time', () => {
    // `/pets` is only reachable from `/v1/pets` by stripping a second prefix, which never happens.
    const spec = buildTestSpec(['/pets'], { servers: [{ url: '/api' }] })
    expect(findServersBasePathHint(spec, '/api/v1/pets')).toBeUndefined()
  })

  it('reads only root-level servers', () => {
    const spec = buildTestSpec({ '/pets': { servers: [{ url: '/api' }], get: { responses: {} } } })
    expect(findServersBasePathHint(spec, '/api/pets')).toBeUndefined()
  })
})
