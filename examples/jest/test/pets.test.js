const request = require('supertest')
const { createApp } = require('../src/app.js')

const app = createApp()

test('lists pets', async () => {
  const res = await request(app).get('/pets')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})

test('reports health', async () => {
  expect(await request(app).get('/health')).toMatchOpenApiSchema()
})
