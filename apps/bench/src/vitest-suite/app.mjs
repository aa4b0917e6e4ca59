// The app the generated Vitest suite of scenario 5 calls over HTTP: a small Express pet store described by
// `openapi/petstore.yaml`. Each test file builds its own app (a fresh store) and listens once.
import express from 'express'

const KINDS = new Set(['cat', 'dog', 'bird'])

function seed() {
  const pets = new Map()
  for (let id = 1; id <= 60; id++) {
    const kind = ['cat', 'dog', 'bird'][id % 3]
    pets.set(id, { id, name: `pet-${id}`, kind, ...(id % 4 === 0 ? { tag: 'senior' } : {}) })
  }
  return pets
}

function notFound(res, detail) {
  res.status(404).type('application/problem+json').json({ title: 'Not Found', status: 404, detail })
}

/** A fresh pet store app. */
export function createApp() {
  const pets = seed()
  let nextId = 1000
  const app = express()

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' })
  })

  app.get('/pets', (req, res) => {
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit)
    const kind = req.query.kind
    const all = [...pets.values()].filter((pet) => kind === undefined || pet.kind === kind)
    res.set('X-Total-Count', String(all.length)).json(all.slice(0, limit))
  })

  app.post('/pets', express.json(), (req, res) => {
    const { name, kind, tag } = req.body ?? {}
    if (typeof name !== 'string' || !KINDS.has(kind)) {
      res.status(400).type('application/problem+json').json({ title: 'Bad Request', status: 400 })
      return
    }
    const pet = { id: nextId++, name, kind, ...(typeof tag === 'string' ? { tag } : {}) }
    pets.set(pet.id, pet)
    res.status(201).set('Location', `/pets/${pet.id}`).json(pet)
  })

  app.get('/pets/:petId', (req, res) => {
    const pet = pets.get(Number(req.params.petId))
    if (pet === undefined) return notFound(res, `no pet ${req.params.petId}`)
    res.json(pet)
  })

  app.delete('/pets/:petId', (req, res) => {
    if (!pets.delete(Number(req.params.petId))) return notFound(res, `no pet ${req.params.petId}`)
    res.status(204).end()
  })

  return app
}
