import { expect, test } from 'vitest'
import { buildApp } from './app.js'

// No contract plugin and no openApiSpec() here: the explicit matcher and the plugin's defaultSpec suffice.
test('GET /health reports the service up', async () => {
  const app = await buildApp()
  const res = await app.inject({ method: 'GET', url: '/health' })
  expect(res.statusCode).toBe(200)
  expect(res).toMatchOpenApiSchema()
  await app.close()
})
