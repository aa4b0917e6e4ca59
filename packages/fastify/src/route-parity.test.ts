import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { contractValidation } from './contract-validation.js'
import { routeParity } from './route-parity.js'

describe('routeParity (Fastify)', () => {
  it('lists documented operations without a route and routes without a documented operation', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
    const app = Fastify()
    await app.register(contractValidation, { spec })
    await app.register(
      async (api) => {
        api.get('/pets', async () => [])
        api.post('/pets', async () => ({}))
        api.get('/pets/:id', async () => ({}))
        api.patch('/pets/:id', async () => ({}))
        api.delete('/pets/:id', async () => ({}))
        api.get('/pets/:id/photo', async () => ({}))
        api.get('/health', async () => ({}))
        api.get('/metrics', async () => '')
      },
      { prefix: '/v1' },
    )
    await app.ready()
    const parity = routeParity(app, spec, { stripPrefixes: ['/v1'] })
    expect(parity.missingRoutes).toEqual([{ method: 'GET', path: '/pets/mine', operationId: 'listMyPets' }])
    expect(parity.undocumentedRoutes).toEqual([{ method: 'GET', path: '/v1/metrics' }])
  })

  it('asks for the plugin to be registered first when it was not', () => {
    expect(() => routeParity(Fastify(), {} as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_FASTIFY_NOT_REGISTERED' }),
    )
  })
})
