import { type Context, Hono } from 'hono'
import { type Kind, newPetProblem, PetStore, PHOTO, petUpdateProblem, problem } from './pet-store.js'

/** The pet store as a Hono app (any fetch runtime: Node, Bun, Deno, workers). Each call gets its own store. */
export function createApp(store = new PetStore()): Hono {
  const app = new Hono()

  app.get('/health', (c) => c.json({ status: 'ok' }))

  app.get('/pets', (c) => {
    const limitParam = c.req.query('limit')
    const limit = limitParam === undefined ? 20 : Number(limitParam)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return sendProblem(c, 400, 'Bad Request', 'limit must be an integer from 1 to 100')
    }
    const kind = c.req.query('kind')
    if (kind !== undefined && kind !== 'cat' && kind !== 'dog') {
      return sendProblem(c, 400, 'Bad Request', "kind must be 'cat' or 'dog'")
    }
    const pets = store.list(kind as Kind | undefined)
    return c.json(pets.slice(0, limit), 200, { 'X-Total-Count': String(pets.length) })
  })

  app.post('/pets', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const invalid = newPetProblem(body)
    if (invalid !== undefined) return sendProblem(c, 400, 'Bad Request', invalid)
    const input = body as { name: string; kind: Kind; tag?: string | null }
    if (store.hasName(input.name)) return sendProblem(c, 409, 'Conflict', `a pet named ${input.name} exists`)
    return c.json(store.create(input), 201)
  })

  app.get('/pets/:petId', (c) => {
    const pet = store.get(Number(c.req.param('petId')))
    return pet === undefined ? sendProblem(c, 404, 'Not Found') : c.json(pet)
  })

  app.patch('/pets/:petId', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const invalid = petUpdateProblem(body)
    if (invalid !== undefined) return sendProblem(c, 400, 'Bad Request', invalid)
    const pet = store.update(Number(c.req.param('petId')), body as object)
    return pet === undefined ? sendProblem(c, 404, 'Not Found') : c.json(pet)
  })

  app.delete('/pets/:petId', (c) =>
    store.remove(Number(c.req.param('petId'))) ? c.body(null, 204) : sendProblem(c, 404, 'Not Found'),
  )

  app.get('/pets/:petId/photo', (c) =>
    store.get(Number(c.req.param('petId'))) === undefined
      ? sendProblem(c, 404, 'Not Found')
      : c.body(PHOTO, 200, { 'Content-Type': 'image/png' }),
  )

  return app
}

function sendProblem(c: Context, status: 400 | 404 | 409, title: string, detail?: string): Response {
  return c.body(JSON.stringify(problem(status, title, detail)), status, {
    'Content-Type': 'application/problem+json',
  })
}
