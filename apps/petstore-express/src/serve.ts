// `node dist/serve.js`: the pet store over HTTP, for the Playwright suite (playwright.config.ts starts it as
// its webServer). It listens on a free port and prints it, and serves a small page whose script calls the
// API. A request carrying `X-Test-Store: <id>` gets the store of that id, created on first use, so that each
// test starts from the same three pets however the tests are spread over workers.
import express from 'express'
import { createApp } from './app.js'

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Pet store</title></head>
  <body>
    <h1>Pets</h1>
    <ul id="pets"></ul>
    <p id="first"></p>
    <script>
      (async () => {
        const pets = await (await fetch('/pets?limit=10')).json()
        document.getElementById('pets').innerHTML = pets.map((pet) => '<li>' + pet.name + '</li>').join('')
        const first = await (await fetch('/pets/' + pets[0].id)).json()
        document.getElementById('first').textContent = first.name + ' the ' + first.kind
        document.body.dataset.ready = 'true'
      })()
    </script>
  </body>
</html>
`

const stores = new Map<string, ReturnType<typeof createApp>>()
const shared = createApp()
const server = express()
server.get('/', (_req, res) => {
  res.type('html').send(PAGE)
})
server.use((req, res, next) => {
  const id = req.get('x-test-store')
  if (id === undefined) return shared(req, res, next)
  let app = stores.get(id)
  if (app === undefined) {
    app = createApp()
    stores.set(id, app)
  }
  app(req, res, next)
})

const listener = server.listen(0, '127.0.0.1', () => {
  const address = listener.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  process.stdout.write(`pet store listening on http://127.0.0.1:${port}\n`)
})
