import { expect, test } from '@contracttool/playwright'

test('dies mid-test', async ({ request }) => {
  await expect(await request.get('/items?from=crash')).toMatchOpenApiSchema()
  process.kill(process.pid, 'SIGKILL')
})
