import { describe, expect, it } from 'vitest'
import { shortDigest, stubFileNames } from './stub-file-names.js'

describe('stubFileNames', () => {
  it.each([
    { endpoint: 'GET /pets/{petId}', want: 'get-pets-pet-id.test.ts' },
    { endpoint: 'GET /pets', want: 'get-pets.test.ts' },
    { endpoint: 'GET /', want: 'get-root.test.ts' },
    { endpoint: 'QUERY /pets/search', want: 'query-pets-search.test.ts' },
    { endpoint: 'COPY /pets/{petId}', want: 'copy-pets-pet-id.test.ts' },
    { endpoint: 'GET /v2/HTTPServer/{server_id}.json', want: 'get-v2-http-server-server-id-json.test.ts' },
    { endpoint: 'M-SEARCH /devices', want: 'm-search-devices.test.ts' },
  ])('names $endpoint $want', ({ endpoint, want }) => {
    expect(stubFileNames([endpoint]).get(endpoint)).toBe(want)
  })

  it('suffixes every colliding name with a digest of its own endpoint', () => {
    const names = stubFileNames([
      'GET /pet-items',
      'GET /pet_items',
      'GET /petItems',
      'GET /pets',
      'COPY /x',
      'copy /x',
    ])
    expect(Object.fromEntries(names)).toEqual({
      'COPY /x': 'copy-x-f5cd9ba.test.ts',
      'copy /x': 'copy-x-d954ca1.test.ts',
      'GET /pet-items': 'get-pet-items-87d7cdb.test.ts',
      'GET /pet_items': 'get-pet-items-60b6d47.test.ts',
      'GET /petItems': 'get-pet-items-22874ab.test.ts',
      'GET /pets': 'get-pets.test.ts',
    })
  })

  it('does not depend on the order of the endpoints', () => {
    const endpoints = ['GET /a-b', 'GET /a_b', 'POST /a']
    expect(Object.fromEntries(stubFileNames(endpoints))).toEqual(
      Object.fromEntries(stubFileNames([...endpoints].reverse())),
    )
  })

  it('shortens very long names and keeps them apart with the digest', () => {
    const long = `GET /${'segment/'.repeat(30)}{id}`
    const name = stubFileNames([long]).get(long) ?? ''
    expect(name.length).toBeLessThanOrEqual(120)
    expect(name).toMatch(new RegExp(`^get-segment-segment-.*-${shortDigest(long)}\\.test\\.ts$`))
  })
})
