import express, { type Response } from 'express'
import { type Kind, newPetProblem, PetStore, PHOTO, petUpdateProblem, problem } from './pet-store.js'

/** The pet store as an Express 5 app. Each call gets its own store. */
export function createApp(store = new PetStore()): express.Express {
  const app = express()
  app.use(express.json())

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' })
  })

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

  app.post('/pets', (req, res) => {
    const invalid = newPetProblem(req.body)
    if (invalid !== undefined) return sendProblem(res, 400, 'Bad Request', invalid)
    if (store.hasName(req.body.name))
      return sendProblem(res, 409, 'Conflict', `a pet named ${req.body.name} exists`)
    res.status(201).json(store.create(req.body))
  })

  app.get('/pets/:petId', (req, res) => {
    const pet = store.get(Number(req.params.petId))
    if (pet === undefined) return sendProblem(res, 404, 'Not Found')
    res.json(pet)
  })

  app.patch('/pets/:petId', (req, res) => {
    const invalid = petUpdateProblem(req.body)
    if (invalid !== undefined) return sendProblem(res, 400, 'Bad Request', invalid)
    const pet = store.update(Number(req.params.petId), req.body)
    if (pet === undefined) return sendProblem(res, 404, 'Not Found')
    res.json(pet)
  })

  app.delete('/pets/:petId', (req, res) => {
    if (!store.remove(Number(req.params.petId))) return sendProblem(res, 404, 'Not Found')
    res.status(204).end()
  })

  app.get('/pets/:petId/photo', (req, res) => {
    if (store.get(Number(req.params.petId)) === undefined) return sendProblem(res, 404, 'Not Found')
    res.type('image/png').send(PHOTO)
  })

  return app
}

function sendProblem(res: Response, status: number, title: string, detail?: string): void {
  res
    .status(status)
    .type('application/problem+json')
    .json(problem(status, title, detail))
}
