import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { build } from 'esbuild'
import express from 'express'

const page = (script: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/style.css"></head><body><p id="done"></p><script>${script}</script></body></html>`

/** The shop the test project's spec describes, with one route that breaks it and pages that call it. */
export async function startShop(): Promise<{ readonly url: string; readonly close: () => Promise<void> }> {
  const mocked = await mockedPage()
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
  // A page whose calls a real MSW worker answers: MSW's own service worker at the origin's root, and the page's
  // script (setupWorker() and its handlers) bundled for the browser.
  app.get('/mockServiceWorker.js', (_req, res) => void res.type('js').send(mocked.worker))
  app.get('/mocked-page.js', (_req, res) => void res.type('js').send(mocked.script))
  app.get('/page/mocked', (_req, res) => {
    res
      .type('html')
      .send(
        '<!doctype html><html><body><p id="done"></p><script type="module" src="/mocked-page.js"></script></body></html>',
      )
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** MSW's service worker, and the mocked page's script bundled with esbuild. */
async function mockedPage(): Promise<{ readonly worker: string; readonly script: string }> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'mocked-page.browser.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  const worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
  return { worker: readFileSync(worker, 'utf8'), script: bundle.outputFiles[0]?.text ?? '' }
}
