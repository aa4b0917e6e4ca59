import { expect, test } from '@contracttool/playwright'

test.describe('a spec bound to a describe', () => {
  test.use({ openApiSpec: 'other' })

  test('checks against the bound spec', async ({ request }) => {
    await expect(await request.get('/ping')).toMatchOpenApiSchema()
  })
})

test.describe('a spec that is not configured', () => {
  test.use({ openApiSpec: 'nope' })

  test('fails before it runs', async ({ request }) => {
    await request.get('/items')
  })
})
