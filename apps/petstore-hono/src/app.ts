import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { type Kind, newPetProblem, PetStore, PHOTO, petUpdateProblem, problem } from './pet-store.js'

/** The bearer token the demo app accepts on writes (POST, PATCH, DELETE) unless `createApp` is given another. */
export const DEMO_TOKEN = 'demo-token'

/** Deliberate contract holes, switched on one by one to show what the contract checks report. */
export type PetStoreHole =
  /** DELETE /pets/{petId} accepts any token, or none. */
  | 'delete-ignores-auth'
  /** POST /pets accepts a request without an Idempotency-Key header. */
  | 'create-ignores-idempotency-key'
  /** Undocumented methods fall through to Hono's 404 instead of a 405. */
  | 'no-405'
  /** An all-methods handler on /pets, registered before the real routes, answers 200 with the list. */
  | 'pets-catch-all'

export interface AppOptions {
  /** The data; a fresh store with the three seed pets by default. */
  readonly store?: PetStore
  /** The bearer token writes require. */
  readonly token?: string
  /** Deliberate holes to switch on; none by default. */
  readonly holes?: readonly PetStoreHole[]
}

/** Each documented path (Hono syntax) with the methods the spec documents for it, for 405 answers and `Allow`. */
const DOCUMENTED_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/pets': ['GET', 'POST'],
  '/pets/:petId': ['GET', 'PATCH', 'DELETE'],
  '/pets/:petId/photo': ['GET'],
  '/health': ['GET'],
}

/**
 * The pet store as a Hono app (any fetch runtime: Node, Bun, Deno, workers). Each call gets its own store
 * unless one is passed in.
 * Reads are public; writes need `Authorization: Bearer <token>`, checked before anything else.
 */
export function createApp(options: AppOptions = {}): Hono {
  const { store = new PetStore(), token = DEMO_TOKEN } = options
  const holes = new Set(options.holes)
  const app = new Hono()

  const requireToken: MiddlewareHandler = async (c, next) => {
    if (c.req.header('Authorization') !== `Bearer ${token}`) {
      return sendProblem(c, 401, 'Unauthorized', undefined, { 'WWW-Authenticate': 'Bearer' })
    }
    await next()
  }
  const anyone: MiddlewareHandler = (_c, next) => next()

  if (holes.has('pets-catch-all')) app.all('/pets', (c) => c.json(store.list(), 200))

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

  app.post('/pets', requireToken, async (c) => {
    const key = c.req.header('Idempotency-Key')
    if (!holes.has('create-ignores-idempotency-key') && (!key || key.length > 64)) {
      return sendProblem(c, 400, 'Bad Request', 'the Idempotency-Key header must be 1 to 64 characters')
    }
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

  app.patch('/pets/:petId', requireToken, async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const invalid = petUpdateProblem(body)
    if (invalid !== undefined) return sendProblem(c, 400, 'Bad Request', invalid)
    const pet = store.update(Number(c.req.param('petId')), body as object)
    return pet === undefined ? sendProblem(c, 404, 'Not Found') : c.json(pet)
  })

  app.delete('/pets/:petId', holes.has('delete-ignores-auth') ? anyone : requireToken, (c) =>
    store.remove(Number(c.req.param('petId'))) ? c.body(null, 204) : sendProblem(c, 404, 'Not Found'),
  )

  app.get('/pets/:petId/photo', (c) =>
    store.get(Number(c.req.param('petId'))) === undefined
      ? sendProblem(c, 404, 'Not Found')
      : c.body(PHOTO, 200, { 'Content-Type': 'image/png' }),
  )

  if (!holes.has('no-405')) {
    for (const [path, methods] of Object.entries(DOCUMENTED_METHODS)) {
      app.all(path, (c) =>
        sendProblem(c, 405, 'Method Not Allowed', undefined, { Allow: methods.join(', ') }),
      )
    }
  }

  return app
}

function sendProblem(
  c: Context,
  status: 400 | 401 | 404 | 405 | 409,
  title: string,
  detail?: string,
  headers: Record<string, string> = {},
): Response {
  return c.body(JSON.stringify(problem(status, title, detail)), status, {
    ...headers,
    'Content-Type': 'application/problem+json',
  })
}
