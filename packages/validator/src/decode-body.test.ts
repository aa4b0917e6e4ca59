import { describe, expect, it } from 'vitest'
import { decodeBody } from './decode-body.js'

describe('decodeBody', () => {
  it.each([
    ['JSON text', '{"id":1}', 'application/json', { id: 1 }],
    ['JSON bytes', new TextEncoder().encode('[1,2]'), 'application/problem+json', [1, 2]],
    ['literal null', 'null', 'application/json', null],
    ['empty object stays an object', '{}', 'application/json', {}],
    ['empty array stays an array', '[]', 'application/json', []],
    ['invalid JSON is handed on as text', '{oops', 'application/json', '{oops'],
    ['non-JSON text', 'a,b', 'text/csv', 'a,b'],
    ['empty body', '', 'application/json', undefined],
    ['no body', undefined, 'application/json', undefined],
    ['null body', null, undefined, undefined],
  ] as const)('%s', (_, raw, contentType, want) => {
    expect(decodeBody(raw, contentType)).toEqual(want)
  })

  it('decodes a byte view at its own offset, not its whole buffer', () => {
    const whole = new TextEncoder().encode('xx{"a":1}yy')
    expect(decodeBody(whole.subarray(2, 9), 'application/json')).toEqual({ a: 1 })
  })
})
