import { checkMocks } from '@contracttool/msw'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// A frontend's tests do not run the API: they mock it with MSW. checkMocks() holds the mocks to the same
// spec as the API's own suite, so a mock that drifted from the contract fails here instead of in production.

// The spec's server: the frontend calls the API there, and the mocks answer in its place.
const API = 'http://localhost:3000'

interface Pet {
  readonly id: number
  readonly name: string
  readonly kind: 'cat' | 'dog'
}

/** The frontend's API client, as a page would use it. */
const client = {
  async listPets(kind?: Pet['kind']): Promise<{ pets: Pet[]; total: number }> {
    const res = await fetch(`${API}/pets${kind === undefined ? '' : `?kind=${kind}`}`)
    return { pets: (await res.json()) as Pet[], total: Number(res.headers.get('x-total-count')) }
  },
  async petName(id: number): Promise<string | undefined> {
    const res = await fetch(`${API}/pets/${id}`)
    return res.ok ? ((await res.json()) as Pet).name : undefined
  },
}

const TOM: Pet = { id: 1, name: 'Tom', kind: 'cat' }
const server = setupServer(
  http.get(`${API}/pets`, () => HttpResponse.json([TOM], { headers: { 'X-Total-Count': '1' } })),
  http.get(`${API}/pets/1`, () => HttpResponse.json(TOM)),
  // Deliberately wrong: the id as a string, as an old version of the API once sent it.
  http.get(`${API}/pets/2`, () => HttpResponse.json({ id: '2', name: 'Rex', kind: 'dog' })),
  http.get(`${API}/pets/9`, () =>
    HttpResponse.json(
      { type: 'about:blank', title: 'Not Found', status: 404 },
      { status: 404, headers: { 'content-type': 'application/problem+json' } },
    ),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const mocks = checkMocks(server)

describe('the frontend against MSW mocks of the API', () => {
  test('shows the pet list', async () => {
    expect(await client.listPets('cat')).toEqual({ pets: [TOM], total: 1 })
    await mocks.assertNoViolations()
  })

  test('shows a pet, and nothing for one that is gone', async () => {
    expect(await client.petName(1)).toBe('Tom')
    expect(await client.petName(9)).toBeUndefined()
    await mocks.assertNoViolations()
  })

  test('a mock that drifted from the spec is reported', async () => {
    // The page still renders: that is how a drifted mock keeps a frontend suite green.
    expect(await client.petName(2)).toBe('Rex')
    await expect(mocks.assertNoViolations()).rejects.toThrow(
      /A mocked response does not match spec 'petstore' \(MSW, GET http:\/\/localhost:3000\/pets\/2 → 200\):[\s\S]*\[\/id\] must be integer/,
    )
  })
})
