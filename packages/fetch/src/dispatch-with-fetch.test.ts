import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { dispatchWithFetch } from './dispatch-with-fetch.js'

describe('dispatchWithFetch', () => {
  it('forwards method, URI, headers, cookies as a Cookie header and the JSON body, and reports the status', async () => {
    const seen: Record<string, unknown>[] = []
    const app = new Hono()
    app.all('*', async (c) => {
      seen.push({
        method: c.req.method,
        url: c.req.url,
        headers: Object.fromEntries(c.req.raw.headers),
        body: c.req.method === 'GET' ? undefined : await c.req.text(),
      })
      return c.body(null, 401)
    })
    const dispatch = dispatchWithFetch(app)
    const result = await dispatch({
      method: 'POST',
      uri: () => '/pets?x=1',
      headers: { 'x-request-id': 'abc' },
      cookies: { session: 'a b', theme: 'dark' },
      body: { name: 'Rex' },
    })
    expect(result).toEqual({ status: 401 })
    expect(seen[0]).toEqual({
      method: 'POST',
      url: 'http://localhost/pets?x=1',
      headers: {
        'x-request-id': 'abc',
        'x-contracttool-skip': 'all',
        cookie: 'session=a%20b; theme=dark',
        'content-type': 'application/json',
      },
      body: '{"name":"Rex"}',
    })
    expect(await dispatch({ method: 'QUERY', uri: () => '/pets/search', headers: {}, body: null })).toEqual({
      status: 401,
    })
    expect(seen[1]).toMatchObject({ method: 'QUERY', url: 'http://localhost/pets/search' })
  })
})
