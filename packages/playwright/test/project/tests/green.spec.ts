import { expect, test } from '@contracttool/playwright'

test('lists the items', async ({ request }) => {
  await expect(await request.get('/items')).toMatchOpenApiSchema()
})

test('creates an item', async ({ request }) => {
  const response = await request.post('/items', { data: { name: 'pen' } })
  await expect(response).toMatchOpenApiSchema()
})
