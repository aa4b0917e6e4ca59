import type { AddressInfo } from 'node:net'
import express from 'express'

const page = (script: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head><body><p id="done"></p><script>${script}</script></body></html>`

/** The shop the test project's spec describes, with one route that breaks it and pages that call it. */
export async function startShop(): Promise<{ readonly url: string; readonly close: () => Promise<void> }> {
  const app = express()
  app.get('/items', (_req, res) => void res.json([{ id: 1, name: 'pen' }]))
  // Creates an item from any body, so that a request breaking the contract still gets a 201.
  app.post('/items', express.json(), (req, res) => {
    res.status(201).json({ id: 2, name: String(req.body?.name ?? 'unnamed') })
  })
  app.get('/broken', (_req, res) => void res.json({ id: 'one', name: 'pen' }))
  app.get('/ping', (_req, res) => void res.json({ ok: true }))
  app.get('/redirect', (_req, res) => void res.redirect(302, '/items'))
  // Streams of the streams spec: JSON Lines (the second item breaking it on ?broken) and server-sent events.
  const tom = { id: 1, name: 'Tom', kind: 'cat' }
  app.get('/pets/export', (req, res) => {
    const second = req.query.broken === undefined ? { ...tom, id: 2 } : { ...tom, id: 2, kind: 'hamster' }
    res.type('application/jsonl').send(`${JSON.stringify(tom)}\n${JSON.stringify(second)}\n`)
  })
  app.get('/pets/events', (_req, res) => {
    res.type('text/event-stream').send(`event: added\ndata: ${JSON.stringify(tom)}\n\n`)
  })
  app.get('/style.css', (_req, res) => void res.type('css').send('body { margin: 0 }'))
  app.get('/page/ok', (_req, res) => {
    res
      .type('html')
      .send(
        page(
          `fetch('/items').then((r) => r.json()).then((items) => { done.textContent = items.length + ' item' })`,
        ),
      )
  })
  app.get('/page/broken', (_req, res) => {
    res.type('html').send(page(`fetch('/broken').then(() => { done.textContent = 'done' })`))
  })
  app.get('/page/redirect', (_req, res) => {
    res.type('html').send(page(`fetch('/redirect').then(() => { done.textContent = 'done' })`))
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
