import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { checkMocks } from '@contracttool/msw'

const API = 'https://api.example.com/v1'
export const server = setupServer(
  http.get(`${API}/pets/1`, () => HttpResponse.json({ id: 1, name: 'Tom', kind: 'cat' })),
  http.get(`${API}/pets/2`, () => HttpResponse.json({ id: 'two', name: 'Rex', kind: 'dog' })),
)
server.listen({ onUnhandledRequest: 'error' })
export const mocks = checkMocks(server)
export const getPet = async (id) => (await fetch(`${API}/pets/${id}`)).json()
