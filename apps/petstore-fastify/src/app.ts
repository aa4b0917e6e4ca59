import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { type Kind, newPetProblem, PetStore, PHOTO, petUpdateProblem, problem } from './pet-store.js'

/**
 * The pet store as a Fastify 5 app. `setUp` runs before the routes are registered: tests use it to add
 * plugins that must see every route (such as contract validation). Each call gets its own store.
 */
export async function buildApp(
  setUp: (app: FastifyInstance) => unknown = () => undefined,
  store = new PetStore(),
): Promise<FastifyInstance> {
  const app = Fastify()
  await setUp(app)

  app.get('/health', async () => ({ status: 'ok' }))

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

  app.post('/pets', async (req, reply) => {
    const invalid = newPetProblem(req.body)
    if (invalid !== undefined) return sendProblem(reply, 400, 'Bad Request', invalid)
    const body = req.body as { name: string; kind: Kind; tag?: string | null }
    if (store.hasName(body.name))
      return sendProblem(reply, 409, 'Conflict', `a pet named ${body.name} exists`)
    return reply.code(201).send(store.create(body))
  })

  app.get('/pets/:petId', async (req, reply) => {
    const pet = store.get(Number((req.params as { petId: string }).petId))
    return pet === undefined ? sendProblem(reply, 404, 'Not Found') : pet
  })

  app.patch('/pets/:petId', async (req, reply) => {
    const invalid = petUpdateProblem(req.body)
    if (invalid !== undefined) return sendProblem(reply, 400, 'Bad Request', invalid)
    const pet = store.update(Number((req.params as { petId: string }).petId), req.body as object)
    return pet === undefined ? sendProblem(reply, 404, 'Not Found') : pet
  })

  app.delete('/pets/:petId', async (req, reply) => {
    if (!store.remove(Number((req.params as { petId: string }).petId)))
      return sendProblem(reply, 404, 'Not Found')
    return reply.code(204).send()
  })

  app.get('/pets/:petId/photo', async (req, reply) => {
    if (store.get(Number((req.params as { petId: string }).petId)) === undefined) {
      return sendProblem(reply, 404, 'Not Found')
    }
    return reply.type('image/png').send(PHOTO)
  })

  await app.ready()
  return app
}

function sendProblem(reply: FastifyReply, status: number, title: string, detail?: string): FastifyReply {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problem(status, title, detail))
}
