import { expect, test } from '@contracttool/playwright'

test('passes a response that keeps the contract', async ({ request }) => {
  const response = await request.get('/items')
  await expect(response).toMatchOpenApiSchema()
  await expect(response).toMatchOpenApiRequest()
})

test('fails a response that breaks the contract', async ({ request }) => {
  await expect(await request.get('/broken')).toMatchOpenApiSchema()
})

test('passes .not on a response that breaks the contract', async ({ request }) => {
  await expect(await request.get('/broken')).not.toMatchOpenApiSchema()
})

test('fails .not on a response that keeps the contract', async ({ request }) => {
  await expect(await request.get('/items')).not.toMatchOpenApiSchema()
})

test('fails a request that breaks the contract', async ({ request }) => {
  const response = await request.post('/items', { data: { title: 'no name' } })
  await expect(response).toMatchOpenApiRequest()
})

test('refuses a value that is not a response', async () => {
  await expect(42).toMatchOpenApiSchema()
})

test('refuses an APIResponse of a context the test created itself', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL: baseURL as string })
  await expect(await api.get('/items')).toMatchOpenApiSchema()
})

test('checks a created context once wrapped, and page.request', async ({ playwright, baseURL, page }) => {
  const { checkedRequestContext } = await import('@contracttool/playwright')
  const api = checkedRequestContext(await playwright.request.newContext({ baseURL: baseURL as string }))
  await expect(await api.post('/items', { data: { name: 'cup' } })).toMatchOpenApiSchema()
  await expect(await page.request.get('/items')).toMatchOpenApiSchema()
})
