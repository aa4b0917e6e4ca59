import express, { type RequestHandler, type Response } from 'express'
import { type Kind, newPetProblem, PetStore, PHOTO, petUpdateProblem, problem } from './pet-store.js'

/** The bearer token writes need unless `createApp({ token })` sets another. */
export const DEMO_TOKEN = 'demo-token'

/** Deliberate contract holes, for showing what contract checks report. */
export type AppHole =
  /** DELETE /pets/{petId} accepts any token, or none. */
  | 'delete-ignores-auth'
  /** POST /pets creates the pet without an Idempotency-Key. */
  | 'create-ignores-idempotency-key'
  /** No 405 answers: undocumented methods fall through to Express's default 404. */
  | 'no-405'
  /** /health answers every method with 200 (`app.all` where `app.get` was meant). */
  | 'health-catch-all'

export interface AppOptions {
  /** The data; a fresh store by default. */
  readonly store?: PetStore
  /** The bearer token writes need; `DEMO_TOKEN` by default. */
  readonly token?: string
  /** Holes to open; none by default. */
  readonly holes?: readonly AppHole[]
}

/** The documented methods of each path (Express syntax), for 405 answers and their `Allow` header. */
const DOCUMENTED_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/pets': ['GET', 'POST'],
  '/pets/:petId': ['GET', 'PATCH', 'DELETE'],
  '/pets/:petId/photo': ['GET'],
  '/health': ['GET'],
}

/** The pet store as an Express 5 app. Each call gets its own store. */
export function createApp(options: AppOptions = {}): express.Express {
  const { store = new PetStore(), token = DEMO_TOKEN } = options
  const holes = new Set(options.holes)
  const app = express()
  const json = express.json()

  const authenticate: RequestHandler = (req, res, next) => {
    if (req.get('authorization') === `Bearer ${token}`) return next()
    res.set('WWW-Authenticate', 'Bearer')
    sendProblem(res, 401, 'Unauthorized', 'a valid bearer token is required')
  }
  const requireIdempotencyKey: RequestHandler = (req, res, next) => {
    const key = req.get('idempotency-key')
    if (key !== undefined && key.length >= 1 && key.length <= 64) return next()
    sendProblem(res, 400, 'Bad Request', 'the Idempotency-Key header must be 1 to 64 characters')
  }
  const pass: RequestHandler = (_req, _res, next) => next()

  const health: RequestHandler = (_req, res) => {
    res.json({ status: 'ok' })
  }
  if (holes.has('health-catch-all')) app.all('/health', health)
  else app.get('/health', health)

  app.get('/pets', (req, res) => {
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return sendProblem(res, 400, 'Bad Request', 'limit must be an integer from 1 to 100')
    }
    const kind = req.query.kind
    if (kind !== undefined && kind !== 'cat' && kind !== 'dog') {
      return sendProblem(res, 400, 'Bad Request', "kind must be 'cat' or 'dog'")
    }
    const pets = store.list(kind as Kind | undefined)
    res.set('X-Total-Count', String(pets.length)).json(pets.slice(0, limit))
  })

  app.post(
    '/pets',
    authenticate,
    holes.has('create-ignores-idempotency-key') ? pass : requireIdempotencyKey,
    json,
    (req, res) => {
      const invalid = newPetProblem(req.body)
      if (invalid !== undefined) return sendProblem(res, 400, 'Bad Request', invalid)
      if (store.hasName(req.body.name))
        return sendProblem(res, 409, 'Conflict', `a pet named ${req.body.name} exists`)
      res.status(201).json(store.create(req.body))
    },
  )

  app.get('/pets/:petId', (req, res) => {
    const pet = store.get(Number(req.params.petId))
    if (pet === undefined) return sendProblem(res, 404, 'Not Found')
    res.json(pet)
  })

  app.patch('/pets/:petId', authenticate, json, (req, res) => {
    const invalid = petUpdateProblem(req.body)
    if (invalid !== undefined) return sendProblem(res, 400, 'Bad Request', invalid)
    const pet = store.update(Number(req.params.petId), req.body)
    if (pet === undefined) return sendProblem(res, 404, 'Not Found')
    res.json(pet)
  })

  app.delete('/pets/:petId', holes.has('delete-ignores-auth') ? pass : authenticate, (req, res) => {
    if (!store.remove(Number(req.params.petId))) return sendProblem(res, 404, 'Not Found')
    res.status(204).end()
  })

  app.get('/pets/:petId/photo', (req, res) => {
    if (store.get(Number(req.params.petId)) === undefined) return sendProblem(res, 404, 'Not Found')
    res.type('image/png').send(PHOTO)
  })

  if (!holes.has('no-405')) {
    for (const [path, methods] of Object.entries(DOCUMENTED_METHODS)) {
      app.all(path, (req, res, next) => {
        // Express answers OPTIONS itself, listing the methods the routes above handle.
        if (req.method === 'OPTIONS') return next()
        res.set('Allow', methods.join(', '))
        sendProblem(res, 405, 'Method Not Allowed', `${req.method} is not allowed here`)
      })
    }
  }

  return app
}

function sendProblem(res: Response, status: number, title: string, detail?: string): void {
  res
    .status(status)
    .type('application/problem+json')
    .json(problem(status, title, detail))
}
