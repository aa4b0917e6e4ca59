import { expect, test } from '@contracttool/playwright'

test.describe.configure({ retries: 1 })

// Both attempts check GET /items?from=retry: the report counts the test once.
test('passes on its retry', async ({ request }, testInfo) => {
  await expect(await request.get('/items?from=retry')).toMatchOpenApiSchema()
  expect(testInfo.retry).toBe(1)
})
