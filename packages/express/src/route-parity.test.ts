import { fixturePath } from '@contracttool/fixtures'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import type { RequestHandler } from 'express'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXPRESS_MAJORS } from './express-majors.test-kit.js'
import { routeParity } from './route-parity.js'

let spec: LoadedSpec
beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
})

const ok: RequestHandler = (_req, res) => {
  res.end()
}

const EVERY_OPERATION = [
  { method: 'GET', path: '/pets', operationId: 'listPets' },
  { method: 'POST', path: '/pets', operationId: 'createPet' },
  { method: 'GET', path: '/pets/mine', operationId: 'listMyPets' },
  { method: 'GET', path: '/pets/{petId}', operationId: 'getPet' },
  { method: 'DELETE', path: '/pets/{petId}', operationId: 'deletePet' },
  { method: 'PATCH', path: '/pets/{petId}', operationId: 'updatePet' },
  { method: 'GET', path: '/pets/{petId}/photo', operationId: 'getPetPhoto' },
  { method: 'GET', path: '/health', operationId: 'getHealth' },
]

describe.each(EXPRESS_MAJORS)('routeParity (%s)', (_label, express) => {
  it('lists documented operations without a route and routes without a documented operation', () => {
    const pets = express.Router()
    pets.get('/', ok)
    pets.post('/', ok)
    pets.route('/:id').get(ok).patch(ok).delete(ok)
    const app = express()
    app.use(express.json())
    app.use('/api/pets', pets)
    app.get('/api/health', ok)
    app.get('/api/metrics', ok)

    const parity = routeParity(app, spec, { stripPrefixes: ['/api'] })
    expect(parity.missingRoutes).toEqual([
      { method: 'GET', path: '/pets/mine', operationId: 'listMyPets' },
      { method: 'GET', path: '/pets/{petId}/photo', operationId: 'getPetPhoto' },
    ])
    expect(parity.undocumentedRoutes).toEqual([{ method: 'GET', path: '/api/metrics' }])
    expect(parity.routes).toContainEqual({ method: 'PATCH', path: '/api/pets/{id}' })
  })

  it('reads routers nested under a mount path, with route params in the router and in the mount path', () => {
    const photos = express.Router({ mergeParams: true })
    photos.get('/', ok)
    const pets = express.Router()
    pets.get('/', ok)
    pets.get('/mine', ok)
    pets.get('/:petId', ok)
    pets.delete('/:petId', ok)
    pets.use('/:petId/photo', photos)
    const v1 = express.Router()
    v1.use('/pets', pets)
    v1.put('/pets/:petId/tags/:tag', ok)
    const app = express()
    app.use('/v1', v1)

    const parity = routeParity(app, spec, { stripPrefixes: ['/v1'] })
    expect(parity.routes).toEqual([
      { method: 'GET', path: '/v1/pets' },
      { method: 'GET', path: '/v1/pets/mine' },
      { method: 'GET', path: '/v1/pets/{petId}' },
      { method: 'DELETE', path: '/v1/pets/{petId}' },
      { method: 'GET', path: '/v1/pets/{petId}/photo' },
      { method: 'PUT', path: '/v1/pets/{petId}/tags/{tag}' },
    ])
    expect(parity.missingRoutes).toEqual([
      { method: 'POST', path: '/pets', operationId: 'createPet' },
      { method: 'PATCH', path: '/pets/{petId}', operationId: 'updatePet' },
      { method: 'GET', path: '/health', operationId: 'getHealth' },
    ])
    expect(parity.undocumentedRoutes).toEqual([{ method: 'PUT', path: '/v1/pets/{petId}/tags/{tag}' }])
  })

  it('accepts a Router itself, and an app without routes (every operation missing)', () => {
    const router = express.Router()
    router.get('/health', ok)
    expect(routeParity(router, spec).routes).toEqual([{ method: 'GET', path: '/health' }])
    const parity = routeParity(express(), spec)
    expect(parity.routes).toEqual([])
    expect(parity.missingRoutes).toEqual(EVERY_OPERATION)
  })
})

describe('routeParity', () => {
  it('refuses something without a router stack', () => {
    expect(() => routeParity({}, {} as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_EXPRESS_NOT_AN_APP' }),
    )
  })
})
