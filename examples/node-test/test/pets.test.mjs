import assert from 'node:assert/strict'
import { test } from 'node:test'
import { assertResponseMatchesOpenApiSchema } from '@contracttool/node-test'
import request from 'supertest'
import { createApp } from '../src/app.mjs'

const app = createApp()

test('lists pets', async () => {
  const res = await request(app).get('/pets')
  assert.equal(res.status, 200)
  assertResponseMatchesOpenApiSchema(res)
})

test('reports health', async () => {
  assertResponseMatchesOpenApiSchema(await request(app).get('/health'))
})
