import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildTestSpec } from './build-test-spec.test-kit.js'
import { matchOperation } from './match-operation.js'
import { suggestClosestPaths } from './suggest-closest-paths.js'

vi.mock('./suggest-closest-paths.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./suggest-closest-paths.js')>()
  return { ...original, suggestClosestPaths: vi.fn(original.suggestClosestPaths) }
})

const spec = buildTestSpec(['/pets', '/pets/{petId}'], { servers: [{ url: 'https://example.com/api' }] })
const rank = vi.mocked(suggestClosestPaths)

beforeEach(() => {
  rank.mockClear()
})

describe('matchOperation: a missed path reports on demand', () => {
  it('ranks templates only when the message is read, and only once', () => {
    const result = matchOperation(spec, 'GET', '/api/pet')
    expect(result.kind).toBe('no-path')
    expect(rank).not.toHaveBeenCalled()
    if (result.kind !== 'no-path') return
    expect(result.normalizedPath).toBe('/api/pet')
    expect(rank).not.toHaveBeenCalled()
    const message = result.message
    expect(rank).toHaveBeenCalledTimes(1)
    expect(result.message).toBe(message)
    // Ranked against `/pet`, the path under the server's base path `/api`.
    expect(result.suggestions.map((suggestion) => suggestion.path)).toEqual(['/pets', '/pets/{petId}'])
    expect(rank).toHaveBeenCalledTimes(1)
  })

  it('shows the same values to spreading, comparing, JSON and structured cloning', () => {
    const result = matchOperation(spec, 'GET', '/api/pets', { matchServers: false })
    const plain = {
      kind: 'no-path',
      message: [
        "No matching path found in 'petstore' spec for GET /api/pets",
        "  servers[0].url declares base path '/api'; '/pets' matches after removing it.",
        "  contracttool does not strip server base paths automatically — add '/api' to stripPrefixes.",
        '  closest spec paths:',
        '    - GET /pets/{petId}',
        '    - GET /pets',
      ].join('\n'),
      normalizedPath: '/api/pets',
      strippedPrefix: undefined,
      suggestions: [
        { method: 'GET', path: '/pets/{petId}' },
        { method: 'GET', path: '/pets' },
      ],
      serversHint: { serverIndex: 0, basePath: '/api', strippedPath: '/pets' },
    }
    expect(result).toEqual(plain)
    expect({ ...result }).toStrictEqual(plain)
    expect(structuredClone(result)).toStrictEqual(plain)
    expect(JSON.parse(JSON.stringify(result))).toEqual(plain)
  })
})
