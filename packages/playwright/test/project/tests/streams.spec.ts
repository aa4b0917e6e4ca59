import { expect, test } from '@contracttool/playwright'

// OpenAPI 3.2 sequential media types: the body an APIResponse carries is split into items, each checked.
test.use({ openApiSpec: 'streams' })

test('checks every item of a JSON Lines body', async ({ request }) => {
  await expect(await request.get('/pets/export')).toMatchOpenApiSchema()
})

test('checks every event of an event stream and its JSON data', async ({ request }) => {
  await expect(await request.get('/pets/events')).toMatchOpenApiSchema()
})

test('passes .not on a JSON Lines body whose second item breaks the contract', async ({ request }) => {
  await expect(await request.get('/pets/export?broken')).not.toMatchOpenApiSchema()
})
