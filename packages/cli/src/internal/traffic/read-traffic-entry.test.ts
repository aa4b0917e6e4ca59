import { describe, expect, it } from 'vitest'
import { readTrafficEntry } from './read-traffic-entry.js'

const request = { method: 'POST', url: 'https://api.example.com/pets' }

describe('readTrafficEntry', () => {
  it('reads a HAR entry: header lists, pseudo-headers left out, postData, a base64 body', () => {
    const entry = readTrafficEntry(
      {
        request: {
          ...request,
          headers: [
            { name: ':authority', value: 'api.example.com' },
            { name: 'Accept', value: 'application/json' },
            { name: 'X-Tag', value: 'a' },
            { name: 'x-tag', value: 'b' },
          ],
          postData: { mimeType: 'application/json', text: '{"name":"Tom"}' },
        },
        response: {
          status: 201,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          content: {
            size: 2,
            mimeType: 'application/json',
            text: Buffer.from('{}').toString('base64'),
            encoding: 'base64',
          },
        },
      },
      'har',
    )
    expect(entry).toEqual({
      kind: 'exchange',
      method: 'POST',
      url: request.url,
      parts: {
        request: {
          method: 'POST',
          headers: { accept: 'application/json', 'x-tag': ['a', 'b'] },
          body: '{"name":"Tom"}',
        },
        response: { status: 201, headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') },
      },
    })
  })

  it('reads an NDJSON exchange: header objects, a JSON value as body', () => {
    const entry = readTrafficEntry(
      {
        request: { method: 'GET', url: '/pets', headers: { Accept: 'application/json' } },
        response: { status: 200, headers: { 'content-type': 'application/json' }, body: [{ id: 1 }] },
      },
      'ndjson',
    )
    expect(entry).toMatchObject({ kind: 'exchange', parts: { response: { body: '[{"id":1}]' } } })
  })

  it.each([
    ['no response', { request }, 'aborted'],
    ['status 0', { request, response: { status: 0, headers: [], content: {} } }, 'aborted'],
    [
      'a body left out',
      { request, response: { status: 200, headers: [], content: { size: 9, mimeType: 'x' } } },
      'unrecorded',
    ],
  ])('reads %s as %s', (_name, value, kind) => {
    expect(readTrafficEntry(value, 'har').kind).toBe(kind)
  })

  it.each([
    ['a number', 3, 'is number 3, not an object'],
    ['no request', {}, 'has no request object'],
    ['no method', { request: { url: 'x' } }, 'has request.method undefined, not a method name'],
    [
      'a status out of range',
      { request, response: { status: 700 } },
      'has response.status number 700, not an HTTP status',
    ],
    [
      'a body that is not base64',
      { request, response: { status: 200, content: { text: '%%%', encoding: 'base64' } } },
      'has a response body that does not decode: content.encoding is base64 but content.text is not base64',
    ],
    [
      'an unknown encoding',
      { request: { ...request, postData: { text: 'x', encoding: 'gzip' } }, response: { status: 200 } },
      'has a request body that is encoded as the string "gzip" (postData.encoding; expected base64 or none)',
    ],
  ])('names the problem of %s', (_name, value, problem) => {
    expect(readTrafficEntry(value, 'har')).toMatchObject({ kind: 'unreadable', problem })
  })
})
