import { contractValidation, SKIP_HEADER } from '@contracttool/fastify'
import { contractFetch } from '@contracttool/fetch'
import { assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/vitest'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from './app.js'

openApiSpec('petstore')

// Server-sent events and JSON Lines (OpenAPI 3.2 `itemSchema`): each event and each line is validated on
// its own, and a failure names the item (`/1/data/kind`: the second event's JSON payload).
let app: FastifyInstance
let baseUrl: string
beforeAll(async () => {
  app = await buildApp((instance) => instance.register(contractValidation))
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => app.close())

function failureOf(res: unknown): string {
  try {
    assertResponseMatchesOpenApiSchema(res)
  } catch (error) {
    return (error as Error).message
  }
  return 'no failure'
}

describe('GET /pets/events', () => {
  test('streams one event per pet, each valid, through inject', async () => {
    const res = await app.inject({ method: 'GET', url: '/pets/events' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(res.payload.match(/^event: added$/gm)).toHaveLength(3)
    expect(res).toMatchOpenApiSchema()
  })

  test('streams the same events through fetch, read to their end', async () => {
    const res = await contractFetch(fetch, { baseUrl })('/pets/events')
    expect(res.status).toBe(200)
    expect(res).toMatchOpenApiSchema()
    expect((await res.text()).split('\n\n').filter((block) => block.startsWith('event:'))).toHaveLength(3)
  })
})

describe('GET /pets/events/replay', () => {
  test('an event deliberately broken is found and named, through inject and fetch', async () => {
    const injected = await app.inject({
      method: 'GET',
      url: '/pets/events/replay',
      // The contract plugin would fail the request itself; this test asserts the failure explicitly.
      headers: { [SKIP_HEADER]: 'response' },
    })
    const fetched = await contractFetch(fetch, { baseUrl })('/pets/events/replay', {
      headers: { [SKIP_HEADER]: 'response' },
    })
    for (const res of [injected, fetched]) {
      const message = failureOf(res)
      expect(message).toContain('GET /pets/events/replay 200 text/event-stream')
      expect(message).toContain(
        'item 1 (line 7): [/1/data/kind] must be one of: "cat", "dog", received "hamster" (string)',
      )
    }
  })
})

describe('GET /pets/export', () => {
  test('exports every pet as JSON Lines, each line valid, through inject and fetch', async () => {
    const injected = await app.inject({ method: 'GET', url: '/pets/export' })
    expect(injected.payload.trimEnd().split('\n')).toHaveLength(3)
    expect(injected).toMatchOpenApiSchema()
    const fetched = await contractFetch(fetch, { baseUrl })('/pets/export')
    expect(fetched.headers.get('content-type')).toMatch(/^application\/jsonl/)
    expect(fetched).toMatchOpenApiSchema()
  })
})
