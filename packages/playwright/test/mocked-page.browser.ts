// The script of the shop's mocked page, bundled for the browser: a real MSW worker with one mock that keeps
// the shop spec and one that breaks it. The page fetches the path its `call` query names, once the worker runs.
import { HttpResponse, http } from 'msw'
import { setupWorker } from 'msw/browser'

const worker = setupWorker(
  http.get('/items', () => HttpResponse.json([{ id: 7, name: 'mocked pen' }])),
  http.get('/broken', () => HttpResponse.json({ id: 'seven', name: 'mocked pen' })),
)

await worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
const response = await fetch(new URL(location.href).searchParams.get('call') ?? '/items')
const done = document.getElementById('done')
if (done !== null) done.textContent = `${response.status} mocked`
