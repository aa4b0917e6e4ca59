import { loadSpecFromValue } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { apiServers, findApiServer } from './api-servers.js'

async function spec(servers: unknown) {
  return loadSpecFromValue(
    {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      ...(servers === undefined ? {} : { servers }),
      paths: {},
    },
    { name: 'api' },
  )
}

async function under(servers: unknown, url: string, baseUrl?: string): Promise<string | undefined> {
  const specs = new Map([['api', await spec(servers)]])
  const isRelative = url.startsWith('/')
  const parsed = new URL(url, 'http://relative.invalid')
  const found = findApiServer(apiServers(specs, baseUrl), parsed, isRelative)
  return found === undefined ? undefined : `${found.spec ?? '(default)'} ${found.basePath || '/'}`
}

describe('apiServers and findApiServer', () => {
  it.each([
    [
      'an absolute server, its host and path',
      [{ url: 'https://api.example.com/v1' }],
      'https://api.example.com/v1/pets',
      'api /v1',
    ],
    [
      'the host in any case',
      [{ url: 'https://API.example.com/v1' }],
      'https://api.example.com/v1',
      'api /v1',
    ],
    ['another host', [{ url: 'https://api.example.com/v1' }], 'https://cdn.example.com/v1/pets', undefined],
    [
      'a path beside the base path',
      [{ url: 'https://api.example.com/v1' }],
      'https://api.example.com/v10/pets',
      undefined,
    ],
    ['a relative server, any host', [{ url: '/v2' }], 'https://staging.example.org/v2/pets', 'api /v2'],
    [
      'a path-only URL under an absolute server',
      [{ url: 'https://api.example.com/v1' }],
      '/v1/pets',
      'api /v1',
    ],
    [
      'a server variable, any value',
      [{ url: 'https://{region}.example.com/v1', variables: { region: { default: 'eu' } } }],
      'https://us.example.com/v1/pets',
      'api /v1',
    ],
    ['no servers: the default server /', undefined, 'https://anything.example/x', 'api /'],
    [
      'the longest base path first',
      [{ url: 'https://api.example.com' }, { url: 'https://api.example.com/admin' }],
      'https://api.example.com/admin/users',
      'api /admin',
    ],
  ])('%s', async (_name, servers, url, want) => {
    expect(await under(servers, url)).toBe(want)
  })

  it('takes only --base-url when given, an absolute URL or a path on any host', async () => {
    const servers = [{ url: 'https://api.example.com/v1' }]
    expect(
      await under(servers, 'https://api.example.com/v1/pets', 'https://staging.example.org'),
    ).toBeUndefined()
    expect(await under(servers, 'https://staging.example.org/v1/pets', 'https://staging.example.org')).toBe(
      '(default) /',
    )
    expect(await under(servers, 'https://any.example/api/pets', '/api')).toBe('(default) /api')
    expect(await under(servers, 'https://any.example/app.js', '/api')).toBeUndefined()
  })
})
