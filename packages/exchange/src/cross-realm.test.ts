import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { buildExchange } from './build-exchange.js'
import { readSuperagentResponse, type SuperagentResponse } from './read-superagent-response.js'

// Bytes made in another realm (a Jest test file runs in its own `vm` context): another `Uint8Array` class.
const bytesOfOtherRealm = runInNewContext(
  '(text) => new Uint8Array([...text].map((c) => c.charCodeAt(0)))',
) as (text: string) => Uint8Array

describe('bytes from another realm', () => {
  it('decodes a sent body of another realm by its content type', () => {
    const body = bytesOfOtherRealm('{"name":"Tom"}')
    expect(body instanceof Uint8Array).toBe(false)
    const exchange = buildExchange({
      request: { method: 'POST', path: '/pets', headers: { 'content-type': 'application/json' }, body },
      response: { status: 204, headers: {} },
    })
    expect(exchange.request.body).toEqual({ name: 'Tom' })
  })

  it('reads a binary superagent body of another realm', () => {
    const res = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: bytesOfOtherRealm('{"id":1}'),
      req: { method: 'GET', path: '/pets/1' },
    }
    expect(readSuperagentResponse(res as unknown as SuperagentResponse)?.response?.body).toEqual({ id: 1 })
  })
})
