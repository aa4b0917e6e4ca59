import { contractFetch } from '@contracttool/fetch'
import { expect, test } from 'vitest'
import { createApp } from './app.js'

// No openApiSpec() here: the plugin's defaultSpec applies.
test('GET /health reports the service up', async () => {
  const res = await contractFetch(createApp())('/health')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})
