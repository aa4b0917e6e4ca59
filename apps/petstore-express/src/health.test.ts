import request from 'supertest'
import { expect, test } from 'vitest'
import { createApp } from './app.js'

// No openApiSpec() here: the plugin's defaultSpec applies.
test('GET /health reports the service up', async () => {
  const res = await request(createApp()).get('/health')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})

// An undocumented method has no response to validate: the status and the Allow header are the contract.
test('an undocumented method on /health answers 405 with the documented methods', async () => {
  const res = await request(createApp()).delete('/health')
  expect(res.status).toBe(405)
  expect(res.headers.allow).toBe('GET')
})
