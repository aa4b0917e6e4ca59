// The calls of src/health.test.ts. No openApiSpec here: defaultSpec applies.
import { expect, test } from './fixtures.js'

test('GET /health reports the service up', async ({ request }) => {
  const res = await request.get('/health')
  expect(res.status()).toBe(200)
  await expect(res).toMatchOpenApiSchema()
})

// An undocumented method has no response to validate: the status and the Allow header are the contract.
test('an undocumented method on /health answers 405 with the documented methods', async ({ request }) => {
  const res = await request.delete('/health')
  expect(res.status()).toBe(405)
  expect(res.headers().allow).toBe('GET')
})
