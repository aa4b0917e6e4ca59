import { expect, test } from '@contracttool/playwright'

test('lists pets', async ({ request }) => {
  const response = await request.get('/pets')
  expect(response.status()).toBe(200)
  await expect(response).toMatchOpenApiSchema()
})

test('reports health', async ({ request }) => {
  await expect(await request.get('/health')).toMatchOpenApiSchema()
})
