// The calls of src/health.test.ts under node:test (the app as built by `pnpm build`).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertResponseMatchesOpenApiSchema } from '@contracttool/node-test'
import request from 'supertest'
import { createApp } from '../dist/app.js'

// No openApiSpec() here: defaultSpec applies.
test('GET /health reports the service up', async () => {
  const res = await request(createApp()).get('/health')
  assert.equal(res.status, 200)
  assertResponseMatchesOpenApiSchema(res)
})

// An undocumented method has no response to validate: the status and the Allow header are the contract.
test('an undocumented method on /health answers 405 with the documented methods', async () => {
  const res = await request(createApp()).delete('/health')
  assert.equal(res.status, 405)
  assert.equal(res.headers.allow, 'GET')
})
