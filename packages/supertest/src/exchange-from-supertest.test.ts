import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { exchangeFromSupertest } from './exchange-from-supertest.js'

const app = express()
app.use(express.json())
app.post('/pets', (req, res) => {
  res.status(201).json({ id: 2, ...req.body })
})
app.get('/pets/:id/photo', (_req, res) => {
  res.type('image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
})
app.delete('/pets/:id', (_req, res) => {
  res.status(204).end()
})

describe('exchangeFromSupertest', () => {
  it('reads method and path (with query) from the request the response answers, and both bodies', async () => {
    const res = await request(app)
      .post('/pets?notify=true')
      .set('Cookie', 'session=s%201')
      .send({ name: 'Rex' })
    expect(exchangeFromSupertest(res)).toMatchObject({
      request: {
        method: 'POST',
        path: '/pets?notify=true',
        contentType: 'application/json',
        cookies: { session: 's 1' },
        body: { name: 'Rex' },
      },
      response: { status: 201, contentType: 'application/json; charset=utf-8', body: { id: 2, name: 'Rex' } },
    })
  })

  it('leaves the body out of a 204 and reads binary bodies as text', async () => {
    const deleted = exchangeFromSupertest(await request(app).delete('/pets/1'))
    expect(deleted.response).toEqual({ status: 204, headers: expect.any(Object) })
    const photo = exchangeFromSupertest(await request(app).get('/pets/1/photo'))
    expect(photo.response?.contentType).toBe('image/png')
    expect(typeof photo.response?.body).toBe('string')
  })

  it('refuses something that is not a response', () => {
    const call = () => exchangeFromSupertest({ ok: true })
    expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_SUPERTEST_NOT_A_RESPONSE' }))
    expect(call).toThrow(/expects the response of a supertest or superagent request/)
  })

  it('refuses a response whose request cannot be recovered, saying what to pass', async () => {
    const res = await request(app).delete('/pets/1')
    const call = () => exchangeFromSupertest({ status: res.status, body: res.body, text: res.text })
    expect(call).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_SUPERTEST_REQUEST_NOT_RECOVERABLE' }),
    )
    expect(call).toThrow(/Pass the response object supertest returned, not a copy of its fields/)
  })
})
