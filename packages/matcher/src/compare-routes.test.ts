import { describe, expect, it } from 'vitest'
import { buildTestSpec, OK_OPERATION } from './build-test-spec.test-kit.js'
import { compareRoutes } from './compare-routes.js'

const spec = buildTestSpec({
  '/pets': { get: { ...OK_OPERATION, operationId: 'listPets' }, post: OK_OPERATION, head: OK_OPERATION },
  '/pets/{petId}': { get: { ...OK_OPERATION, operationId: 'getPet' }, delete: OK_OPERATION },
})

describe('compareRoutes', () => {
  it('reports documented operations without a route and routes without an operation', () => {
    const parity = compareRoutes(
      [
        { method: 'GET', path: '/pets' },
        { method: 'GET', path: '/pets/{id}' },
        { method: 'PUT', path: '/pets/{id}' },
      ],
      spec,
      {},
    )
    expect(parity.missingRoutes).toEqual([
      { method: 'POST', path: '/pets', operationId: undefined },
      { method: 'DELETE', path: '/pets/{petId}', operationId: undefined },
    ])
    expect(parity.undocumentedRoutes).toEqual([{ method: 'PUT', path: '/pets/{id}' }])
  })

  it.each([
    ['a configured prefix', [{ method: 'GET', path: '/api/pets/' }], { stripPrefixes: ['/api'] }],
    ['parameter names', [{ method: 'GET', path: '/pets/{anything}' }], {}],
  ])('ignores %s and trailing slashes', (_, routes, options) => {
    const parity = compareRoutes(routes, spec, options)
    expect(parity.undocumentedRoutes).toEqual([])
  })

  it('never asks for a HEAD, OPTIONS or TRACE route', () => {
    const parity = compareRoutes([], spec, {})
    expect(parity.missingRoutes.map((operation) => operation.method)).not.toContain('HEAD')
    expect(parity.missingRoutes).toHaveLength(4)
  })
})
