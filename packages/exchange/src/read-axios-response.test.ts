import type { AddressInfo } from 'node:net'
import axios, { type AxiosError, type AxiosInstance } from 'axios'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAxiosResponse, readAxiosResponse } from './read-axios-response.js'

const app = express()
app.use(express.json())
app.get('/api/pets', (req, res) => {
  res.set('X-Rate-Limit', '10').json([{ id: 1, name: 'Tom', tag: req.query.tag ?? null }])
})
app.post('/api/pets', (req, res) => res.status(201).json({ id: 2, ...req.body }))
app.delete('/api/pets/:id', (_req, res) => res.status(204).end())
app.get('/api/text', (_req, res) => res.type('text/plain').send('hello'))
app.get('/api/quoted', (_req, res) => res.type('application/json').send('"{}"'))
app.get('/api/broken', (_req, res) => res.type('application/json').send('{"id":'))
app.get('/api/missing', (_req, res) => res.status(404).json({ title: 'Not Found' }))

let server: ReturnType<typeof app.listen>
let baseURL: string

beforeAll(async () => {
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe.each(['http', 'fetch'] as const)('readAxiosResponse with the %s adapter', (adapter) => {
  const client = (): AxiosInstance => axios.create({ baseURL, adapter })

  it('reads method, the path axios built from baseURL and params, headers and the JSON body', async () => {
    const res = await client().get('/pets', {
      params: { tag: 'cat', limit: 2 },
      headers: { 'X-Trace': 'a1' },
    })
    expect(isAxiosResponse(res)).toBe(true)
    const exchange = readAxiosResponse(res)
    expect(exchange?.request).toMatchObject({ method: 'GET', path: '/api/pets?tag=cat&limit=2' })
    expect(exchange?.request.headers?.['x-trace']).toBe('a1')
    expect(exchange?.response).toMatchObject({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: [{ id: 1, name: 'Tom', tag: 'cat' }],
    })
    expect(exchange?.response?.headers?.['x-rate-limit']).toBe('10')
  })

  it('reads the JSON body the call sent, decoded, with its content type', async () => {
    const res = await client().post('/pets', { name: 'Rex', tag: null })
    expect(readAxiosResponse(res)?.request).toMatchObject({
      method: 'POST',
      path: '/api/pets',
      contentType: 'application/json',
      body: { name: 'Rex', tag: null },
    })
    expect(readAxiosResponse(res)?.response?.body).toEqual({ id: 2, name: 'Rex', tag: null })
  })

  it('reads no body for 204, the text under responseType text, and a JSON string apart from broken JSON', async () => {
    const empty = readAxiosResponse(await client().delete('/pets/1'))
    expect(empty?.response?.status).toBe(204)
    expect(empty?.response && 'body' in empty.response).toBe(false)
    expect(readAxiosResponse(await client().get('/text'))?.response?.body).toBe('hello')
    const text = await client().get('/pets', { responseType: 'text' })
    expect(typeof text.data).toBe('string')
    expect(readAxiosResponse(text)?.response?.body).toEqual([{ id: 1, name: 'Tom', tag: null }])
    expect(readAxiosResponse(await client().get('/quoted'))?.response?.body).toBe('{}')
    expect(readAxiosResponse(await client().get('/broken'))?.response?.body).toBe('{"id":')
  })

  it("reads an AxiosError's response", async () => {
    const error = (await client()
      .get('/missing')
      .catch((caught: unknown) => caught)) as AxiosError
    expect(error.isAxiosError).toBe(true)
    expect(readAxiosResponse(error.response as never)).toMatchObject({
      request: { method: 'GET', path: '/api/missing' },
      response: { status: 404, body: { title: 'Not Found' } },
    })
  })
})

describe('readAxiosResponse without the request axios sent', () => {
  it('rebuilds the path from the config, and gives up without a method or URL', () => {
    const res = {
      status: 200,
      data: [],
      headers: { 'content-type': 'application/json' },
      config: { method: 'get', baseURL: 'http://api.test/v1/', url: '/pets', params: { tag: ['a', 'b'] } },
    }
    expect(readAxiosResponse(res)?.request).toMatchObject({ method: 'GET', path: '/v1/pets?tag=a&tag=b' })
    expect(readAxiosResponse({ ...res, config: { url: '/pets' } })).toBeUndefined()
    expect(isAxiosResponse({ status: 200, data: [], headers: {} })).toBe(false)
  })
})
