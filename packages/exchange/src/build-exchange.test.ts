import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildExchange } from './build-exchange.js'

describe('buildExchange', () => {
  it('reads headers, content types, cookies and bodies, leaving absent parts out', () => {
    expect(
      buildExchange({
        request: { method: 'get', path: '/pets?limit=2', headers: { Cookie: 'session=abc' } },
        response: { status: 200, headers: { 'Content-Type': 'application/json' }, body: '[]' },
      }),
    ).toEqual({
      request: {
        method: 'GET',
        path: '/pets?limit=2',
        headers: { cookie: 'session=abc' },
        cookies: { session: 'abc' },
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        contentType: 'application/json',
        body: [],
      },
    })
  })

  it('keeps cookies a framework parsed and decodes sent text or bytes by content type', () => {
    const parsed = { session: 'from-middleware' }
    const exchange = buildExchange({
      request: {
        method: 'POST',
        path: '/pets',
        headers: { 'content-type': 'application/json', cookie: 'session=from-header' },
        cookies: parsed,
        body: new TextEncoder().encode('{"name":"Tom"}'),
      },
      response: { status: 204, headers: {}, body: '' },
    })
    expect(exchange.request.cookies).toBe(parsed)
    expect(exchange.request.body).toEqual({ name: 'Tom' })
    expect(exchange.response).toEqual({ status: 204, headers: {} })
  })

  it('hands a parsed body on as it is and leaves a stream out', () => {
    const value = { name: 'Tom' }
    const read = (body: unknown) =>
      buildExchange({
        request: { method: 'POST', path: '/pets', headers: {}, body },
        response: { status: 201, headers: {} },
      }).request
    expect(read(value).body).toBe(value)
    expect('body' in read(Readable.from(['{}']))).toBe(false)
    expect('body' in read(null)).toBe(false)
  })
})
