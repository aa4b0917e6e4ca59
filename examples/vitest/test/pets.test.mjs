import request from 'supertest'
import { expect, test } from 'vitest'
import { createApp } from '../src/app.mjs'

const app = createApp()

test('lists pets', async () => {
  const res = await request(app).get('/pets')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})

test('reports health', async () => {
  expect(await request(app).get('/health')).toMatchOpenApiSchema()
})
