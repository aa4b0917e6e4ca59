import { fixturePath } from '@contracttool/fixtures'
import { isContractToolError } from '@contracttool/kernel'
import { loadSpecFile } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { createPathMatcher } from './create-path-matcher.js'
import { formatNoMatchingPath } from './format-no-matching-path.js'
import { matchOperation } from './match-operation.js'

const describeResult = (result: ReturnType<typeof matchOperation>) =>
  result.kind === 'matched'
    ? `${result.operation.operationId} ${JSON.stringify(result.path.params)}`
    : result.kind

describe.each(['petstore-3.0.yaml', 'petstore-3.1.json', 'petstore-3.2.yaml'])('%s', (file) => {
  const cases: { method: string; path: string; want: string }[] = [
    { method: 'GET', path: '/pets?limit=10', want: 'listPets {}' },
    { method: 'post', path: '/pets/', want: 'createPet {}' },
    { method: 'GET', path: '/pets/mine', want: 'listMyPets {}' },
    { method: 'GET', path: '/pets/42', want: 'getPet {"petId":"42"}' },
    { method: 'GET', path: '/pets/42/photo', want: 'getPetPhoto {"petId":"42"}' },
    { method: 'PUT', path: '/pets/42', want: 'no-method' },
    { method: 'GET', path: '/v1/pets', want: 'listPets {}' },
    { method: 'GET', path: '/v1/pets/42', want: 'getPet {"petId":"42"}' },
    { method: 'GET', path: '/v10/pets', want: 'no-path' },
  ]
  it.each(cases)('$method $path', async ({ method, path, want }) => {
    const spec = await loadSpecFile(fixturePath(file))
    expect(describeResult(matchOperation(spec, method, path))).toBe(want)
  })

  it('names the server it matched through', async () => {
    const spec = await loadSpecFile(fixturePath(file))
    const result = matchOperation(spec, 'GET', '/v1/pets/42')
    expect(result.kind === 'matched' ? result.path.server : result.kind).toMatchObject({
      basePath: '/v1',
      location: 'servers[0]',
    })
    expect(describeResult(matchOperation(spec, 'GET', '/v1/pets', { matchServers: false }))).toBe('no-path')
  })

  it('points at the servers base path when server matching is off', async () => {
    const spec = await loadSpecFile(fixturePath(file))
    const options = { matchServers: false }
    expect(formatNoMatchingPath(spec, 'GET', '/v1/pets/42', options).split('\n').slice(1, 3)).toEqual([
      "  servers[0].url declares base path '/v1'; '/pets/42' matches after removing it.",
      "  contracttool does not strip server base paths automatically — add '/v1' to stripPrefixes.",
    ])
  })
})

describe('petstore-3.2.yaml', () => {
  const cases: { method: string; path: string; want: string }[] = [
    { method: 'QUERY', path: '/pets/search', want: 'searchPets {}' },
    { method: 'query', path: '/pets/search', want: 'searchPets {}' },
    { method: 'COPY', path: '/pets/7', want: 'copyPet {"petId":"7"}' },
    { method: 'copy', path: '/pets/7', want: 'copyPetLowercase {"petId":"7"}' },
    { method: 'Copy', path: '/pets/7', want: 'no-method' },
  ]
  it.each(cases)('$method $path', async ({ method, path, want }) => {
    const spec = await loadSpecFile(fixturePath('petstore-3.2.yaml'))
    expect(describeResult(matchOperation(spec, method, path))).toBe(want)
  })
})

describe('malformed/duplicate-placeholders.yaml', () => {
  it('loads, and the matcher refuses it', async () => {
    const spec = await loadSpecFile(fixturePath('malformed/duplicate-placeholders.yaml'))
    let error: unknown
    try {
      createPathMatcher(spec)
    } catch (caught) {
      error = caught
    }
    expect(isContractToolError(error) ? error.code : error).toBe('CONTRACTTOOL_DUPLICATE_PLACEHOLDER')
  })
})
