import { expect, test } from '@contracttool/playwright'

// The project's `use: { openApiSpec: 'other' }` binds the spec.
test('checks against the project spec', async ({ request }) => {
  await expect(await request.get('/ping')).toMatchOpenApiSchema()
})
