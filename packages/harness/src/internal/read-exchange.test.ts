import type { AddressInfo } from 'node:net'
import { EXCHANGE } from '@contracttool/validator/internal'
import axios, { type AxiosError } from 'axios'
import express from 'express'
import Fastify from 'fastify'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { readExchange } from './read-exchange.js'

function petsApp() {
  const app = express()
  app.use(express.json())
  app.get('/pets', (_req, res) => {
    res.set('X-Rate-Limit', '10').json([{ id: 1, name: 'Tom', kind: 'cat' }])
  })
  app.post('/pets', (req, res) => {
    res.status(201).json({ id: 2, ...req.body })
  })
  app.delete('/pets/:id', (_req, res) => {
    res.status(204).end()
  })
  app.get('/text', (_req, res) => {
    res.type('text/plain').send('hello')
  })
  return app
}

describe('readExchange', () => {
  it('reads a supertest response: method and path from res.req, body decoded', async () => {
    const res = await request(petsApp()).get('/pets?limit=2')
    const exchange = readExchange(res, 'toMatchOpenApiSchema')
    expect(exchange.request).toMatchObject({ method: 'GET', path: '/pets?limit=2' })
    expect(exchange.response).toMatchObject({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: [{ id: 1, name: 'Tom', kind: 'cat' }],
    })
    expect(exchange.response?.headers?.['x-rate-limit']).toBe('10')
  })

  it('reads the JSON body and cookies supertest sent', async () => {
    const res = await request(petsApp())
      .post('/pets')
      .set('Cookie', 'session=abc; theme=dark')
      .send({ name: 'Rex' })
    const exchange = readExchange(res, 'toMatchOpenApiSchema')
    expect(exchange.request).toMatchObject({
      method: 'POST',
      path: '/pets',
      body: { name: 'Rex' },
      cookies: { session: 'abc', theme: 'dark' },
      contentType: 'application/json',
    })
  })

  it('reads no body for 204 and the text of non-JSON responses', async () => {
    const empty = readExchange(await request(petsApp()).delete('/pets/1'), 'm')
    expect(empty.response?.status).toBe(204)
    expect(empty.response && 'body' in empty.response).toBe(false)
    const text = readExchange(await request(petsApp()).get('/text'), 'm')
    expect(text.response?.body).toBe('hello')
  })

  it('reads a fastify inject response: method and path from res.raw.req', async () => {
    const app = Fastify()
    app.post('/pets', async (req, reply) => reply.code(201).send({ id: 3, ...(req.body as object) }))
    const res = await app.inject({
      method: 'POST',
      url: '/pets?x=1',
      payload: { name: 'Tom' },
      cookies: { a: '1' },
    })
    const exchange = readExchange(res, 'toMatchOpenApiSchema')
    expect(exchange.request).toMatchObject({
      method: 'POST',
      path: '/pets?x=1',
      body: { name: 'Tom' },
      cookies: { a: '1' },
    })
    expect(exchange.response).toMatchObject({ status: 201, body: { id: 3, name: 'Tom' } })
    await app.close()
  })

  it('takes an exchange attached under EXCHANGE, and a plain exchange object, as they are', () => {
    const exchange = { request: { method: 'GET', path: '/pets' }, response: { status: 200, body: [] } }
    expect(readExchange(exchange, 'm')).toBe(exchange)
    const attached = Object.defineProperty({}, EXCHANGE, { value: exchange })
    expect(readExchange(attached, 'm')).toBe(exchange)
  })

  it('takes a request-only exchange for toMatchOpenApiRequest()', () => {
    const exchange = { request: { method: 'POST', path: '/pets', body: { name: 'Rex' } } }
    expect(readExchange(exchange, 'toMatchOpenApiRequest')).toBe(exchange)
  })

  it.each([
    ['null', null, /received null, which is not a response/],
    ['a number', 42, /received number 42, which is not a response/],
    [
      'an object that is not a response',
      { hello: 'world' },
      /an object \(keys hello\), which is not a response/,
    ],
    [
      'an exchange whose request is a list',
      { request: ['GET', '/x'], response: { status: 200 } },
      /an object \(keys request, response\), which is not a response/,
    ],
    [
      'an exchange without a path',
      { request: { method: 'GET' }, response: { status: 200 } },
      /request.path must be a string/,
    ],
    [
      'an exchange with a non-integer status',
      { request: { method: 'GET', path: '/x' }, response: { status: '200' } },
      /response.status must be an integer/,
    ],
  ])('refuses %s with CONTRACTTOOL_HARNESS_NOT_A_RESPONSE and says what to pass', (_name, value, message) => {
    const call = () => readExchange(value, 'toMatchOpenApiSchema')
    expect(call).toThrow(message)
    expect(call).toThrow(/Pass a supertest\/superagent response/)
    expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE' }))
  })

  it('refuses an un-awaited supertest request, asking whether await was forgotten', () => {
    const pending = request(petsApp()).get('/pets')
    const call = () => readExchange(pending, 'assertResponseMatchesOpenApiSchema')
    expect(call).toThrow(
      /^assertResponseMatchesOpenApiSchema\(\) received a Test \(keys [^)]*\), a pending request or promise, not its response: did you forget await\?/,
    )
    expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE' }))
  })

  it('refuses a response whose request cannot be recovered, naming what to pass instead', () => {
    const call = () =>
      readExchange({ status: 200, body: { id: 1 }, text: '{"id":1}' }, 'toMatchOpenApiSchema')
    expect(call).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_REQUEST_NOT_RECOVERABLE' }),
    )
    expect(call).toThrow(
      /without the request it answers .* Pass the response object supertest\/superagent returned/,
    )
  })

  it('refuses a plain fetch Response and points to contractFetch()', () => {
    const call = () => readExchange(new Response('[]', { status: 200 }), 'toMatchOpenApiSchema')
    expect(call).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_FETCH_RESPONSE_WITHOUT_EXCHANGE' }),
    )
    expect(call).toThrow(/contractFetch\(fetch\) from @contracttool\/fetch/)
  })

  it('reads an axios response and the response of an AxiosError, with the http and the fetch adapter', async () => {
    const server = petsApp().listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      for (const adapter of ['http', 'fetch'] as const) {
        const client = axios.create({ baseURL, adapter })
        const posted = readExchange(await client.post('/pets', { name: 'Rex' }), 'toMatchOpenApiRequest')
        expect(posted.request).toMatchObject({ method: 'POST', path: '/pets', body: { name: 'Rex' } })
        expect(posted.response).toMatchObject({ status: 201, body: { id: 2, name: 'Rex' } })
        const error = (await client.get('/nowhere').catch((caught: unknown) => caught)) as AxiosError
        expect(readExchange(error, 'm').response?.status).toBe(404)
        expect(readExchange(error.response, 'm').request).toMatchObject({ method: 'GET', path: '/nowhere' })
      }
      const pending = axios.get(`${baseURL}/pets`)
      const call = () => readExchange(pending, 'toMatchOpenApiSchema')
      expect(call).toThrow(
        /^toMatchOpenApiSchema\(\) received a Promise \(no keys\), the promise of a call \(axios, fetch\) not yet settled, not its response: did you forget await\? .*await axios\.get/,
      )
      expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE' }))
      await pending
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('refuses an AxiosError that got no response, and an axios response built by hand without config', async () => {
    // A port that was free a moment ago: nothing listens there any more.
    const closed = express().listen(0, '127.0.0.1')
    await new Promise((resolve) => closed.once('listening', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const error = (await axios
      .get(`http://127.0.0.1:${port}/pets`, { adapter: 'http' })
      .catch((caught: unknown) => caught)) as AxiosError
    expect(() => readExchange(error, 'toMatchOpenApiSchema')).toThrow(
      /^toMatchOpenApiSchema\(\) received an AxiosError without a response \(.*ECONNREFUSED.*\): the request failed before the server answered/,
    )
    const byHand = () => readExchange({ status: 200, data: { id: 1 }, headers: {} }, 'toMatchOpenApiSchema')
    expect(byHand).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_REQUEST_NOT_RECOVERABLE' }),
    )
    expect(byHand).toThrow(/but no `config`: it looks like an axios response built or copied by hand/)
    const noUrl = () =>
      readExchange({ status: 200, data: {}, headers: {}, config: { method: 'get' } }, 'toMatchOpenApiSchema')
    expect(noUrl).toThrow(/an axios response with status 200 whose config names no method or URL/)
  })
})
