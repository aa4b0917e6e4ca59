import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { validateRequest } from './validate-request.js'
import { validateResponse } from './validate-response.js'

// Values made in another realm (a Jest test file runs in its own `vm` context, while the checks may run in
// the worker's main one): their `Map`, `Uint8Array` and `ArrayBuffer` are other classes than this realm's.
const otherRealm = runInNewContext(`({
  map: (entries) => new Map(entries),
  bytes: (list) => new Uint8Array(list),
  buffer: (size) => new ArrayBuffer(size),
})`) as {
  map<K, V>(entries: Iterable<[K, V]>): Map<K, V>
  bytes(list: number[]): Uint8Array
  buffer(size: number): ArrayBuffer
}

const spec = makeSpec({
  paths: {
    '/pets': {
      post: {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: { '204': { description: 'stored, nothing returned' } },
      },
    },
  },
})

describe('values from another realm', () => {
  it('accepts a LoadedSpec whose maps were made in another realm', () => {
    const copy = { ...spec, operationsByPath: otherRealm.map(spec.operationsByPath) }
    expect(otherRealm.map([]) instanceof Map).toBe(false)
    expect(validateResponse(copy, { method: 'POST', path: '/pets', status: 204 }).outcome).toBe('success')
  })

  it('reads an empty byte body of another realm as no body', () => {
    const result = validateResponse(spec, {
      method: 'POST',
      path: '/pets',
      status: 204,
      body: otherRealm.bytes([]),
    })
    expect(result.message).toBe('')
    expect(result.outcome).toBe('success')
  })

  it.each([
    ['Uint8Array', otherRealm.bytes([1, 2])],
    ['ArrayBuffer', otherRealm.buffer(2)],
  ])('takes a multipart part that is an %s of another realm for a file', (_name, file) => {
    const result = validateRequest(spec, {
      method: 'POST',
      path: '/pets',
      contentType: 'multipart/form-data; boundary=x',
      body: { file },
    })
    expect(result.message).toBe('')
    expect(result.outcome).toBe('success')
  })
})
