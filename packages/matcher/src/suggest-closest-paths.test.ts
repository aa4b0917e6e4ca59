import { ContractToolError, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { levenshtein } from '@contracttool/kernel/internal'
import { describe, expect, it } from 'vitest'
import { buildTestSpec, OK_OPERATION } from './build-test-spec.test-kit.js'
import { suggestClosestPaths } from './suggest-closest-paths.js'

const render = (suggestions: readonly { method: string; path: string }[]) =>
  suggestions.map((s) => `${s.method} ${s.path}`)

describe('suggestClosestPaths ranking', () => {
  const cases: {
    name: string
    paths: readonly string[] | Record<string, JsonValue>
    given: string
    limit?: number
    want: string[]
  }[] = [
    {
      name: '1. segment-count difference first, even over a shared prefix',
      paths: ['/a', '/x/y'],
      given: '/a/b',
      want: ['GET /x/y', 'GET /a'],
    },
    {
      name: '2. then more equal leading segments, even with a larger tail distance',
      paths: ['/x/b/c', '/a/yyyyyy/zzzzzz'],
      given: '/a/b/c',
      want: ['GET /a/yyyyyy/zzzzzz', 'GET /x/b/c'],
    },
    {
      name: '3. then the edit distance of the remaining segments',
      paths: ['/users/{id}/invoices', '/users/{id}/ordrs'],
      given: '/users/42/orders',
      want: ['GET /users/{id}/ordrs', 'GET /users/{id}/invoices'],
    },
    {
      name: '4. then the template, by code unit (upper case before lower case)',
      paths: ['/b', '/a', '/B'],
      given: '/q',
      want: ['GET /B', 'GET /a', 'GET /b'],
    },
    {
      name: '5. then the method: fixed upper case, additionalOperations verbatim',
      paths: {
        '/a': {
          post: OK_OPERATION,
          get: OK_OPERATION,
          query: OK_OPERATION,
          additionalOperations: { copy: OK_OPERATION, LINK: OK_OPERATION },
        },
      },
      given: '/a',
      limit: 10,
      want: ['GET /a', 'LINK /a', 'POST /a', 'QUERY /a', 'copy /a'],
    },
    {
      name: 'placeholders are compared verbatim',
      paths: ['/pets/{petId}', '/pets/42/toys'],
      given: '/pets/42',
      want: ['GET /pets/{petId}', 'GET /pets/42/toys'],
    },
    {
      name: 'slashes at either end do not count as segments',
      paths: ['/', '/a', '/a/b'],
      given: '//',
      want: ['GET /', 'GET /a', 'GET /a/b'],
    },
    {
      name: 'query and fragment are ignored',
      paths: ['/a/b', '/a'],
      given: '/a?x=/b/c#/d',
      want: ['GET /a', 'GET /a/b'],
    },
    {
      name: 'at most three by default',
      paths: ['/a', '/b', '/c', '/d'],
      given: '/a',
      want: ['GET /a', 'GET /b', 'GET /c'],
    },
    { name: 'a limit of one', paths: ['/a', '/b'], given: '/b', limit: 1, want: ['GET /b'] },
    { name: 'a limit of zero', paths: ['/a'], given: '/a', limit: 0, want: [] },
    {
      name: 'path items without operations are not suggested',
      paths: { '/a': { parameters: [] }, '/b': { get: OK_OPERATION } },
      given: '/a',
      want: ['GET /b'],
    },
    { name: 'a spec without paths suggests nothing', paths: [], given: '/a', want: [] },
  ]
  it.each(cases)('$name', ({ paths, given, limit, want }) => {
    const spec = buildTestSpec(paths, {}, '3.2')
    expect(render(suggestClosestPaths(spec, 'GET', given, limit))).toEqual(want)
  })

  it('ranks the same way whatever the request method', () => {
    const spec = buildTestSpec({
      '/pets': { get: OK_OPERATION, post: OK_OPERATION },
      '/pets/{id}': { delete: OK_OPERATION },
    })
    const byMethod = ['GET', 'POST', 'DELETE', 'copy'].map((method) =>
      render(suggestClosestPaths(spec, method, '/pet')),
    )
    expect(byMethod).toEqual(
      Array.from({ length: 4 }, () => ['GET /pets', 'POST /pets', 'DELETE /pets/{id}']),
    )
  })

  it('agrees with a full sort on generated specs', () => {
    // Only the groups that can still place are measured; the answer must equal sorting everything.
    let state = 7
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648
      return state / 2147483648
    }
    const words = ['a', 'b', 'ab', 'ba', '{id}', 'pets', 'pet']
    const pick = () => words[Math.floor(next() * words.length)] as string
    const randomPath = () => `/${Array.from({ length: Math.floor(next() * 4) }, pick).join('/')}`
    for (let round = 0; round < 40; round++) {
      const paths: JsonObject = {}
      for (let i = 0; i < 30; i++) {
        paths[randomPath()] = next() < 0.5 ? { get: OK_OPERATION } : { get: OK_OPERATION, post: OK_OPERATION }
      }
      const spec = buildTestSpec(paths)
      for (let q = 0; q < 10; q++) {
        const request = randomPath()
        const limit = 1 + Math.floor(next() * 5)
        expect(render(suggestClosestPaths(spec, 'GET', request, limit))).toEqual(
          naive(spec.paths, paths, request, limit),
        )
      }
    }
  })
})

describe('levenshtein', () => {
  const cases: { a: string; b: string; want: number }[] = [
    { a: '', b: '', want: 0 },
    { a: 'abc', b: '', want: 3 },
    { a: '', b: 'ab', want: 2 },
    { a: 'kitten', b: 'sitting', want: 3 },
    { a: 'pet/1', b: 'pets/{petId}', want: 8 },
    { a: 'orders', b: 'ordrs', want: 1 },
  ]
  it.each(cases)('$a → $b', ({ a, b, want }) => {
    expect([levenshtein(a, b), levenshtein(b, a)]).toEqual([want, want])
  })

  it.each(cases)('$a → $b with a bound', ({ a, b, want }) => {
    // At or above the true distance the answer is exact; below it, any value above the bound.
    for (let max = 0; max <= want + 1; max++) {
      const got = levenshtein(a, b, max)
      if (max >= want) expect(got).toBe(want)
      else expect(got).toBe(max + 1)
    }
  })
})

describe('suggestClosestPaths misuse', () => {
  const spec = buildTestSpec(['/a'])
  const cases: { name: string; limit: number; want: string }[] = [
    {
      name: 'negative limit',
      limit: -1,
      want: 'suggestClosestPaths: expected limit to be a non-negative integer, received number -1.',
    },
    {
      name: 'fractional limit',
      limit: 1.5,
      want: 'suggestClosestPaths: expected limit to be a non-negative integer, received number 1.5.',
    },
  ]
  it.each(cases)('$name', ({ limit, want }) => {
    let error: unknown
    try {
      suggestClosestPaths(spec, 'GET', '/a', limit)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ContractToolError)
    expect([(error as ContractToolError).code, (error as Error).message]).toEqual([
      'CONTRACTTOOL_INVALID_ARGUMENT',
      want,
    ])
  })
})

function naive(order: readonly string[], paths: JsonObject, request: string, limit: number): string[] {
  const segments = (path: string) => {
    const trimmed = path.replace(/^\/+|\/+$/g, '')
    return trimmed === '' ? [] : trimmed.split('/')
  }
  const req = segments(request)
  const entries: { method: string; path: string; key: [number, number, number] }[] = []
  for (const path of order) {
    const spec = segments(path)
    let common = 0
    while (common < Math.min(req.length, spec.length) && req[common] === spec[common]) common++
    const tail = levenshtein(req.slice(common).join('/'), spec.slice(common).join('/'))
    for (const method of Object.keys(paths[path] as JsonObject)) {
      entries.push({
        method: method.toUpperCase(),
        path,
        key: [Math.abs(req.length - spec.length), -common, tail],
      })
    }
  }
  entries.sort(
    (a, b) =>
      a.key[0] - b.key[0] ||
      a.key[1] - b.key[1] ||
      a.key[2] - b.key[2] ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.method < b.method ? -1 : a.method > b.method ? 1 : 0),
  )
  return entries.slice(0, limit).map((e) => `${e.method} ${e.path}`)
}
