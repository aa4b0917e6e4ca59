import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { dispatchWithInject } from './dispatch-with-inject.js'

describe('dispatchWithInject', () => {
  it('forwards method, URI, headers, cookies and the JSON body through inject(), and reports the status', async () => {
    const seen: Record<string, unknown>[] = []
    const app = Fastify()
    app.all('*', async (req, reply) => {
      seen.push({
        method: req.method,
        url: req.url,
        cookie: req.headers.cookie,
        skip: req.headers['x-contracttool-skip'],
        id: req.headers['x-request-id'],
        body: req.body,
      })
      return reply.code(401).send()
    })
    const dispatch = dispatchWithInject(app)
    expect(
      await dispatch({
        method: 'POST',
        uri: () => '/pets?x=1',
        headers: { 'x-request-id': 'abc' },
        cookies: { session: 's' },
        body: { name: 'Rex' },
      }),
    ).toEqual({ status: 401 })
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/pets?x=1',
      cookie: 'session=s',
      skip: 'all',
      id: 'abc',
      body: { name: 'Rex' },
    })
    await app.close()
  })

  it('refuses something without inject()', () => {
    expect(() => dispatchWithInject({} as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_FASTIFY_NOT_AN_APP' }),
    )
  })
})
