import express from 'express'

const pets = [
  { id: 1, name: 'Tom' },
  { id: 2, name: 'Rex' },
]

export function createApp(...middleware) {
  const app = express()
  for (const handler of middleware) app.use(handler)
  app.get('/pets', (_req, res) => res.json(pets))
  app.get('/health', (_req, res) => res.json({ status: 'ok' }))
  return app
}
