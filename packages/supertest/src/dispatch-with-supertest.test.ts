import type { DispatchCase } from '@contracttool/server-check'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { dispatchWithSupertest } from './dispatch-with-supertest.js'

interface Seen {
  method: string
  url: string
  headers: Record<string, unknown>
  body: unknown
}

function echoApp(seen: Seen[]) {
  const app = express()
  app.use(express.json())
  app.use((req, res) => {
    seen.push({ method: req.method, url: req.originalUrl, headers: req.headers, body: req.body })
    res.status(req.method === 'COPY' ? 207 : 418).end()
  })
  return app
}

const probe = (over: Partial<DispatchCase> = {}): DispatchCase => ({
  method: 'POST',
  uri: () => '/pets?limit=2',
  headers: { 'x-request-id': 'abc' },
  cookies: { session: 'a b' },
  body: { name: 'Rex' },
  ...over,
})

describe('dispatchWithSupertest', () => {
  it('forwards method, URI, headers, cookies as a Cookie header and the JSON body, and reports the status', async () => {
    const seen: Seen[] = []
    const result = await dispatchWithSupertest(echoApp(seen))(probe())
    expect(result).toEqual({ status: 418 })
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/pets?limit=2',
      headers: {
        'x-request-id': 'abc',
        cookie: 'session=a%20b',
        'content-type': 'application/json',
        'x-contracttool-skip': 'all',
      },
      body: { name: 'Rex' },
    })
  })

  it('sends methods supertest has no shortcut for, and no body when the case has none', async () => {
    const seen: Seen[] = []
    const result = await dispatchWithSupertest(echoApp(seen))(
      probe({ method: 'COPY', body: null, cookies: {} }),
    )
    expect(result).toEqual({ status: 207 })
    expect(seen[0]?.method).toBe('COPY')
    expect(seen[0]?.headers.cookie).toBeUndefined()
    expect(seen[0]?.headers['content-type']).toBeUndefined()
  })

  it('refuses something supertest cannot call', () => {
    expect(() => dispatchWithSupertest(42 as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_SUPERTEST_INVALID_APP' }),
    )
  })
})
