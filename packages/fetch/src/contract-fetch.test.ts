import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Exchange } from '@contracttool/validator'
import { EXCHANGE } from '@contracttool/validator/internal'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractFetch } from './contract-fetch.js'

const app = new Hono()
app.get('/pets', (c) => c.json([{ id: 1, name: 'Tom', kind: 'cat' }], 200, { 'X-Rate-Limit': '5' }))
app.post('/pets', async (c) => c.json({ id: 2, ...(await c.req.json()) }, 201))
app.delete('/pets/:id', (c) => c.body(null, 204))

const exchangeOf = (response: Response) => (response as Response & { [EXCHANGE]: Exchange })[EXCHANGE]

describe('contractFetch', () => {
  it.each([
    ['a Hono app', () => contractFetch(app)],
    ["Hono's app.request", () => contractFetch(app.request)],
    ["Hono's app.fetch", () => contractFetch(app.fetch)],
    ['a (Request) => Response handler', () => contractFetch((request: Request) => app.fetch(request))],
  ])('attaches the exchange to Responses from %s', async (_name, make) => {
    const response = await make()('/pets?limit=1', { headers: { cookie: 'session=abc' } })
    expect(exchangeOf(response)).toEqual({
      request: {
        method: 'GET',
        path: '/pets?limit=1',
        headers: { cookie: 'session=abc' },
        cookies: { session: 'abc' },
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-rate-limit': '5' },
        contentType: 'application/json',
        body: [{ id: 1, name: 'Tom', kind: 'cat' }],
      },
    })
  })

  it('reads both bodies from clones: the caller can still read the response', async () => {
    const api = contractFetch(app)
    const response = await api('/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Rex"}',
    })
    expect(exchangeOf(response).request.body).toEqual({ name: 'Rex' })
    expect(exchangeOf(response).response?.body).toEqual({ id: 2, name: 'Rex' })
    expect(await response.json()).toEqual({ id: 2, name: 'Rex' })
  })

  it('records no body for a 204', async () => {
    const response = await contractFetch(app)('/pets/1', { method: 'DELETE' })
    expect(exchangeOf(response).response).toEqual({ status: 204, headers: {} })
  })

  describe('with the global fetch against a live server', () => {
    let server: Server
    let baseUrl: string
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it('resolves relative URLs against baseUrl', async () => {
      const response = await contractFetch(fetch, { baseUrl })('/health')
      expect(exchangeOf(response)).toMatchObject({
        request: { method: 'GET', path: '/health' },
        response: { status: 200, body: { status: 'ok' } },
      })
    })

    it('refuses a relative URL without a baseUrl, saying how to pass one', async () => {
      await expect(contractFetch(fetch)('/health')).rejects.toMatchObject({
        code: 'CONTRACTTOOL_FETCH_RELATIVE_URL',
        message: expect.stringContaining("contractFetch(fetch, { baseUrl: 'http://127.0.0.1:3000' })"),
      })
    })
  })

  it('refuses a request whose body was already read', async () => {
    const request = new Request('http://localhost/pets', { method: 'POST', body: '{"name":"Rex"}' })
    await request.text()
    await expect(contractFetch(app)(request)).rejects.toMatchObject({
      code: 'CONTRACTTOOL_FETCH_BODY_CONSUMED',
      message: expect.stringContaining('was already read'),
    })
  })

  it('refuses a handler Response whose body was already read', async () => {
    const handler = async () => {
      const response = new Response('[]', { headers: { 'content-type': 'application/json' } })
      await response.text()
      return response
    }
    await expect(contractFetch(handler)('/pets')).rejects.toMatchObject({
      code: 'CONTRACTTOOL_FETCH_BODY_CONSUMED',
      message: expect.stringContaining('Return a fresh Response'),
    })
  })

  it('refuses a handler that returns something other than a Response', async () => {
    await expect(contractFetch(() => ({ status: 200 }) as never)('/pets')).rejects.toMatchObject({
      code: 'CONTRACTTOOL_FETCH_NOT_A_RESPONSE',
    })
  })

  it('refuses a target that is neither fetch nor a handler', () => {
    expect(() => contractFetch({} as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_FETCH_INVALID_TARGET' }),
    )
  })
})
