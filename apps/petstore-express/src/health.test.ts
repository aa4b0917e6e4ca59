import request from 'supertest'
import { expect, test } from 'vitest'
import { createApp } from './app.js'

// No openApiSpec() here: the plugin's defaultSpec applies.
test('GET /health reports the service up', async () => {
  const res = await request(createApp()).get('/health')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})
