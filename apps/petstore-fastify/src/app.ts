import { Readable } from 'node:stream'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestAsyncHookHandler,
} from 'fastify'
import { type Kind, newPetProblem, PetStore, PHOTO, petUpdateProblem, problem } from './pet-store.js'

/** The bearer token writes need unless `buildApp(setUp, { token })` sets another. */
export const DEMO_TOKEN = 'demo-token'

/** Deliberate contract holes, for showing what contract checks report. */
export type AppHole =
  /** DELETE /pets/{petId} accepts any token, or none. */
  | 'delete-ignores-auth'
  /** POST /pets creates the pet without an Idempotency-Key. */
  | 'create-ignores-idempotency-key'
  /** No 405 answers: undocumented methods fall through to Fastify's default 404. */
  | 'no-405'
  /**
   * /pets answers every method its real routes leave free with the list and 200. Fastify refuses a second
   * GET or POST /pets, so unlike an Express `app.all` this catch-all cannot shadow the documented methods.
   */
  | 'pets-catch-all'

export interface AppOptions {
  /** The data; a fresh store by default. */
  readonly store?: PetStore
  /** The bearer token writes need; `DEMO_TOKEN` by default. */
  readonly token?: string
  /** Holes to open; none by default. */
  readonly holes?: readonly AppHole[]
}

/** The documented methods of each path (Fastify syntax), for 405 answers and their `Allow` header. */
const DOCUMENTED_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/pets': ['GET', 'POST'],
  '/pets/:petId': ['GET', 'PATCH', 'DELETE'],
  '/pets/:petId/photo': ['GET'],
  '/pets/events': ['GET'],
  '/pets/events/replay': ['GET'],
  '/pets/export': ['GET'],
  '/health': ['GET'],
}

/**
 * The pet store as a Fastify 5 app. `setUp` runs before the routes are registered: tests use it to add
 * plugins that must see every route (such as contract validation). Each call gets its own store unless
 * `options.store` is given; `options.holes` opens deliberate contract holes.
 */
export async function buildApp(
  setUp: (app: FastifyInstance) => unknown = () => undefined,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { store = new PetStore(), token = DEMO_TOKEN } = options
  const holes = new Set(options.holes)
  const app = Fastify()
  // Fastify parses a QUERY body and answers 400 to a QUERY without Content-Type before any handler runs.
  // This API documents no QUERY operation, so QUERY is declared bodiless to reach the 405 answer.
  app.addHttpMethod('QUERY', { hasBody: false, overrideExisting: true })
  await setUp(app)

  const authenticate: onRequestAsyncHookHandler = async (req, reply) => {
    if (req.headers.authorization === `Bearer ${token}`) return
    reply.header('www-authenticate', 'Bearer')
    return sendProblem(reply, 401, 'Unauthorized', 'a valid bearer token is required')
  }

  app.get('/health', async () => ({ status: 'ok' }))

  if (holes.has('pets-catch-all')) {
    app.route({
      method: app.supportedMethods.filter((method) => !['GET', 'HEAD', 'POST'].includes(method)),
      url: '/pets',
      handler: async () => store.list(),
    })
  }

  app.get('/pets', async (req, reply) => {
    const query = req.query as { limit?: string; kind?: string }
    const limit = query.limit === undefined ? 20 : Number(query.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return sendProblem(reply, 400, 'Bad Request', 'limit must be an integer from 1 to 100')
    }
    if (query.kind !== undefined && query.kind !== 'cat' && query.kind !== 'dog') {
      return sendProblem(reply, 400, 'Bad Request', "kind must be 'cat' or 'dog'")
    }
    const pets = store.list(query.kind as Kind | undefined)
    return reply.header('x-total-count', String(pets.length)).send(pets.slice(0, limit))
  })

  app.post('/pets', { onRequest: authenticate }, async (req, reply) => {
    if (!holes.has('create-ignores-idempotency-key') && !hasIdempotencyKey(req)) {
      return sendProblem(reply, 400, 'Bad Request', 'the Idempotency-Key header must be 1 to 64 characters')
    }
    const invalid = newPetProblem(req.body)
    if (invalid !== undefined) return sendProblem(reply, 400, 'Bad Request', invalid)
    const body = req.body as { name: string; kind: Kind; tag?: string | null }
    if (store.hasName(body.name))
      return sendProblem(reply, 409, 'Conflict', `a pet named ${body.name} exists`)
    return reply.code(201).send(store.create(body))
  })

  // Streams: a Readable payload is piped to the client chunk by chunk, as a long-lived stream would be.
  app.get('/pets/events', async (_req, reply) =>
    reply.type('text/event-stream').send(Readable.from(petEvents(store.list()))),
  )

  app.get('/pets/events/replay', async (_req, reply) =>
    reply.type('text/event-stream').send(Readable.from(petEvents(IMPORTED_LOG))),
  )

  app.get('/pets/export', async (_req, reply) =>
    reply
      .type('application/jsonl')
      .send(Readable.from(store.list().map((pet) => `${JSON.stringify(pet)}\n`))),
  )

  app.get('/pets/:petId', async (req, reply) => {
    const pet = store.get(Number((req.params as { petId: string }).petId))
    return pet === undefined ? sendProblem(reply, 404, 'Not Found') : pet
  })

  app.patch('/pets/:petId', { onRequest: authenticate }, async (req, reply) => {
    const invalid = petUpdateProblem(req.body)
    if (invalid !== undefined) return sendProblem(reply, 400, 'Bad Request', invalid)
    const pet = store.update(Number((req.params as { petId: string }).petId), req.body as object)
    return pet === undefined ? sendProblem(reply, 404, 'Not Found') : pet
  })

  app.delete(
    '/pets/:petId',
    { onRequest: holes.has('delete-ignores-auth') ? [] : authenticate },
    async (req, reply) => {
      if (!store.remove(Number((req.params as { petId: string }).petId)))
        return sendProblem(reply, 404, 'Not Found')
      return reply.code(204).send()
    },
  )

  app.get('/pets/:petId/photo', async (req, reply) => {
    if (store.get(Number((req.params as { petId: string }).petId)) === undefined) {
      return sendProblem(reply, 404, 'Not Found')
    }
    return reply.type('image/png').send(PHOTO)
  })

  // Fastify answers a method no route serves with 404. Routes answering 405 would count as undocumented
  // in routeParity(), so the not-found handler tells a known path's undocumented method from an unknown path.
  if (!holes.has('no-405')) {
    const documented = Object.entries(DOCUMENTED_METHODS).map(([path, methods]) => ({
      pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`),
      allow: methods.join(', '),
    }))
    app.setNotFoundHandler(async (req, reply) => {
      const path = req.url.split('?')[0] ?? ''
      const known = documented.find((entry) => entry.pattern.test(path))
      if (known === undefined) return sendProblem(reply, 404, 'Not Found')
      reply.header('allow', known.allow)
      return sendProblem(reply, 405, 'Method Not Allowed', `${req.method} is not allowed here`)
    })
  }

  await app.ready()
  return app
}

/** Pets as "added" server-sent events, a keep-alive comment after the first. */
function petEvents(pets: readonly object[]): string[] {
  return pets.flatMap((pet, index) => [
    `event: added\nid: ${index + 1}\ndata: ${JSON.stringify(pet)}\n\n`,
    ...(index === 0 ? [': keep-alive\n\n'] : []),
  ])
}

/** A log imported from an older system: its second pet has a kind the API does not know. */
const IMPORTED_LOG: readonly object[] = [
  { id: 1, name: 'Tom', kind: 'cat', tag: null, createdAt: '2024-01-15T09:30:00.000Z' },
  { id: 9, name: 'Nibbles', kind: 'hamster', tag: null, createdAt: '2019-03-02T10:00:00.000Z' },
]

function hasIdempotencyKey(req: FastifyRequest): boolean {
  const key = req.headers['idempotency-key']
  return typeof key === 'string' && key.length >= 1 && key.length <= 64
}

function sendProblem(reply: FastifyReply, status: number, title: string, detail?: string): FastifyReply {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problem(status, title, detail))
}
