import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { routeParity } from './route-parity.js'

describe('routeParity (Express)', () => {
  it('lists documented operations without a route and routes without a documented operation', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
    const pets = express.Router()
    pets.get('/', (_req, res) => res.end())
    pets.post('/', (_req, res) => res.end())
    pets
      .route('/:id')
      .get((_req, res) => res.end())
      .patch((_req, res) => res.end())
      .delete((_req, res) => res.end())
    const app = express()
    app.use('/api/pets', pets)
    app.get('/api/health', (_req, res) => res.end())
    app.get('/api/metrics', (_req, res) => res.end())

    const parity = routeParity(app, spec, { stripPrefixes: ['/api'] })
    expect(parity.missingRoutes).toEqual([
      { method: 'GET', path: '/pets/mine', operationId: 'listMyPets' },
      { method: 'GET', path: '/pets/{petId}/photo', operationId: 'getPetPhoto' },
    ])
    expect(parity.undocumentedRoutes).toEqual([{ method: 'GET', path: '/api/metrics' }])
    expect(parity.routes).toContainEqual({ method: 'PATCH', path: '/api/pets/{id}' })
  })

  it('refuses something without a router stack', () => {
    expect(() => routeParity({}, {} as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_EXPRESS_NOT_AN_APP' }),
    )
  })
})
