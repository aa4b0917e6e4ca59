import { fixturePath } from '@contracttool/fixtures'
import { isContractToolError } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFile, loadSpecFromValue } from '@contracttool/spec-loader'
import { beforeAll, describe, expect, it } from 'vitest'
import { exploreSpec, type SpecExploration } from './explore-spec.js'
import type { ExploredCase } from './explored-case.js'
import { ExplorerErrorCode } from './explorer-error-code.js'

const ok = { '200': { description: 'ok' } }
const shop = loadSpecFromValue(
  {
    openapi: '3.1.0',
    info: { title: 'shop', version: '1' },
    paths: {
      '/a': {
        get: { operationId: 'getA', tags: ['x'], responses: ok },
        post: { operationId: 'createA', tags: ['x', 'y'], responses: ok },
      },
      '/b': {
        get: { tags: ['y'], responses: ok },
        delete: { operationId: 'deleteB', deprecated: true, responses: ok },
      },
      '/c': { put: { operationId: 'putC', responses: ok } },
    },
  },
  { name: 'shop' },
)

let petstore32: LoadedSpec
beforeAll(async () => {
  petstore32 = await loadSpecFile(fixturePath('petstore-3.2.yaml'))
})

async function explored(configure: (plan: SpecExploration) => SpecExploration): Promise<string[]> {
  const plan = configure(exploreSpec(shop, { casesPerOperation: 1 })).dispatchUsing(() => 200)
  const summary = await plan.run()
  return summary.operations.map((operation) => operation.coverageKey())
}

async function codeOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run()
  } catch (error) {
    return isContractToolError(error) ? error.code : `not coded: ${String(error)}`
  }
  return undefined
}

describe('exploreSpec filters', () => {
  it.each([
    {
      name: 'none: deprecated left out',
      configure: (p: SpecExploration) => p,
      want: ['GET /a', 'POST /a', 'GET /b', 'PUT /c'],
    },
    {
      name: 'includeDeprecated',
      configure: (p: SpecExploration) => p.includeDeprecated(),
      want: ['GET /a', 'POST /a', 'GET /b', 'DELETE /b', 'PUT /c'],
    },
    {
      name: 'includeDeprecated(false)',
      configure: (p: SpecExploration) => p.includeDeprecated().includeDeprecated(false),
      want: ['GET /a', 'POST /a', 'GET /b', 'PUT /c'],
    },
    {
      name: 'includeTags (any overlap)',
      configure: (p: SpecExploration) => p.includeTags(['y']),
      want: ['POST /a', 'GET /b'],
    },
    {
      name: 'excludeTags',
      configure: (p: SpecExploration) => p.excludeTags(['x']),
      want: ['GET /b', 'PUT /c'],
    },
    {
      name: 'includeMethods (case-insensitive)',
      configure: (p: SpecExploration) => p.includeMethods(['get']),
      want: ['GET /a', 'GET /b'],
    },
    {
      name: 'excludeMethods',
      configure: (p: SpecExploration) => p.excludeMethods(['GET', 'put']),
      want: ['POST /a'],
    },
    {
      name: 'includePaths',
      configure: (p: SpecExploration) => p.includePaths(['/b', '/c']),
      want: ['GET /b', 'PUT /c'],
    },
    {
      name: 'excludePaths',
      configure: (p: SpecExploration) => p.excludePaths(['/a']),
      want: ['GET /b', 'PUT /c'],
    },
    {
      name: 'includeOperations (no id never matches)',
      configure: (p: SpecExploration) => p.includeOperations(['getA', 'putC']),
      want: ['GET /a', 'PUT /c'],
    },
    {
      name: 'excludeOperations',
      configure: (p: SpecExploration) => p.excludeOperations(['getA']),
      want: ['POST /a', 'GET /b', 'PUT /c'],
    },
    {
      name: 'each call replaces its list',
      configure: (p: SpecExploration) => p.includeTags(['x']).includeTags(['y']),
      want: ['POST /a', 'GET /b'],
    },
    {
      name: 'filters combine',
      configure: (p: SpecExploration) =>
        p.includeDeprecated().includePaths(['/a', '/b']).excludeMethods(['POST']).excludeTags(['y']),
      want: ['GET /a', 'DELETE /b'],
    },
  ])('$name', async ({ configure, want }) => {
    expect(await explored(configure)).toEqual(want)
  })

  it('filters matching nothing are an error', async () => {
    const run = () =>
      exploreSpec(shop)
        .includeTags(['none'])
        .dispatchUsing(() => 200)
        .run()
    expect(await codeOf(run)).toBe(ExplorerErrorCode.FiltersMatchedNothing)
    await expect(run()).rejects.toThrow(
      "Whole-spec exploration filters matched no operations in spec 'shop'.",
    )
  })

  it('refuses a filter list that is not a list of strings', () => {
    expect(() => exploreSpec(shop).includeTags('x' as never)).toThrow(
      'includeTags() expects a list of strings.',
    )
  })
})

describe('exploreSpec hooks', () => {
  it('runs setUp, authenticate, then per case mutate, dispatch, assert, and tearDown last', async () => {
    const events: string[] = []
    const summary = await exploreSpec(shop, { casesPerOperation: 2, seed: 1 })
      .includeOperations(['getA'])
      .tearDownUsing((op) => void events.push(`tearDown ${op.operationId}`))
      .assertResponseUsing((response, c) => void events.push(`assert ${c.caseIndex} ${String(response)}`))
      .setUpUsing((op) => void events.push(`setUp ${op.operationId}`))
      .mutateCasesUsing((c) => {
        events.push(`mutate ${c.caseIndex}`)
        return c.withHeaders({ ...c.headers, 'X-Mutated': 'yes' })
      })
      .authenticateUsing(async (op) => {
        events.push(`authenticate ${op.operationId}`)
        return { headers: { Authorization: 'Bearer t' }, cookies: { sid: '1' } }
      })
      .dispatchUsing(async (c: ExploredCase) => {
        events.push(
          `dispatch ${c.caseIndex} ${c.headers.Authorization} ${c.headers['X-Mutated']} ${c.cookies.sid}`,
        )
        return 204
      })
      .run()
    expect(events).toEqual([
      'setUp getA',
      'authenticate getA',
      'mutate 0',
      'dispatch 0 Bearer t yes 1',
      'assert 0 204',
      'mutate 1',
      'dispatch 1 Bearer t yes 1',
      'assert 1 204',
      'tearDown getA',
    ])
    expect([summary.executedOperations, summary.executedCases, summary.hasSkips()]).toEqual([1, 2, false])
  })

  it('tears down even when a case fails, and names what failed', async () => {
    const events: string[] = []
    const plan = exploreSpec(shop, { casesPerOperation: 3, seed: 4 })
      .includeOperations(['createA'])
      .tearDownUsing(() => void events.push('tearDown'))
      .dispatchUsing((c) => {
        if (c.caseIndex === 1) throw new Error('connection refused')
        return 200
      })
    const error = await plan.run().catch((caught: unknown) => caught)
    expect(events).toEqual(['tearDown'])
    expect(isContractToolError(error) && error.code).toBe(ExplorerErrorCode.ExplorationFailed)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "Whole-spec exploration failed.
      Spec: shop
      Operation: createA
      Method/path: POST /a
      Global seed: 4
      Operation seed: 547128790
      Case: 1
      Replay: exploreEndpoint(spec, 'POST', '/a', { cases: 2, seed: 547128790 })
      Curl: curl -X POST '/a'
      Cause: connection refused"
    `)
    expect((error as Error).cause).toBeInstanceOf(Error)
  })

  it('requires mutateCasesUsing to return an ExploredCase', async () => {
    const run = () =>
      exploreSpec(shop, { casesPerOperation: 1 })
        .mutateCasesUsing(() => ({ method: 'GET' }) as never)
        .dispatchUsing(() => 200)
        .run()
    expect(await codeOf(run)).toBe(ExplorerErrorCode.MutationNotACase)
  })

  it.each([
    { name: 'no dispatcher', run: () => exploreSpec(shop).run(), code: ExplorerErrorCode.DispatcherMissing },
    {
      name: 'a hook that is not a function',
      run: async () => exploreSpec(shop).setUpUsing('x' as never),
      code: ExplorerErrorCode.InvalidOption,
    },
    {
      name: 'credentials that are not maps',
      run: () =>
        exploreSpec(shop)
          .authenticateUsing(() => 'token' as never)
          .dispatchUsing(() => 200)
          .run(),
      code: ExplorerErrorCode.InvalidCredentials,
    },
    {
      name: 'casesPerOperation 0',
      run: async () => exploreSpec(shop, { casesPerOperation: 0 }),
      code: ExplorerErrorCode.InvalidOption,
    },
    {
      name: 'negativeCases([])',
      run: async () => exploreSpec(shop).negativeCases([]),
      code: ExplorerErrorCode.InvalidOption,
    },
  ])('$name → $code', async ({ run, code }) => {
    expect(await codeOf(run)).toBe(code)
  })
})

describe('exploreSpec over the 3.2 petstore', () => {
  it('skips what it cannot explore, with the reason, and explores the rest', async () => {
    const summary = await exploreSpec(petstore32, { casesPerOperation: 2 })
      .dispatchUsing(() => 200)
      .run()
    expect(
      summary.skips.map((skip) => `${skip.operation.coverageKey()}: ${skip.reason}`),
    ).toMatchInlineSnapshot(`
      [
        "COPY /pets/{petId}: HTTP method is not supported by the explorer. Supported: GET, POST, PUT, PATCH, DELETE, QUERY.",
        "copy /pets/{petId}: HTTP method is not supported by the explorer. Supported: GET, POST, PUT, PATCH, DELETE, QUERY.",
      ]
    `)
    expect(summary.operations.map((operation) => operation.coverageKey())).toMatchInlineSnapshot(`
      [
        "GET /pets",
        "POST /pets",
        "GET /pets/mine",
        "QUERY /pets/search",
        "GET /pets/stream",
        "GET /pets/{petId}",
        "DELETE /pets/{petId}",
        "PATCH /pets/{petId}",
        "GET /pets/{petId}/photo",
        "GET /health",
      ]
    `)
    expect(summary.executedCases).toBe(summary.executedOperations * 2)
  })

  it('records an operation it cannot generate as a skip with the reason, and runs the others', async () => {
    const spec = loadSpecFromValue(
      {
        openapi: '3.1.0',
        info: { title: 'codes', version: '1' },
        paths: {
          '/codes/{code}': {
            parameters: [
              {
                name: 'code',
                in: 'path',
                required: true,
                schema: { type: 'string', pattern: '^(?!x)[a-z]+$' },
              },
            ],
            get: { operationId: 'getCode', responses: ok },
          },
          '/codes': { get: { operationId: 'listCodes', responses: ok } },
        },
      },
      { name: 'codes' },
    )
    const summary = await exploreSpec(spec, { casesPerOperation: 1 })
      .dispatchUsing(() => 200)
      .run()
    expect(summary.operations.map((operation) => operation.operationId)).toEqual(['listCodes'])
    expect(summary.skips.map((skip) => `${skip.operation.operationId}: ${skip.reason}`)).toEqual([
      "getCode: Cannot generate the path parameter 'code' of GET '/codes/{code}' in spec 'codes': String pattern '^(?!x)[a-z]+$' is outside the explorer's supported synthesis subset (lookaround assertions).",
    ])
  })

  it('derives each operation seed from (spec, method, path, seed): filters never change an operation cases', async () => {
    const sent = async (configure: (plan: SpecExploration) => SpecExploration) => {
      const uris: string[] = []
      await configure(exploreSpec(petstore32, { casesPerOperation: 3, seed: 77 }))
        .dispatchUsing((c) => {
          if (c.matchedPath === '/pets/{petId}') uris.push(`${c.method} ${c.uri()} ${c.bodyAsJson()}`)
          return 200
        })
        .run()
      return uris
    }
    const all = await sent((plan) => plan)
    const one = await sent((plan) => plan.includePaths(['/pets/{petId}']))
    expect(one).toEqual(all)
    expect(all).toHaveLength(9)
  })

  it('sends invalid cases with negativeCases()', async () => {
    const kinds: string[] = []
    const summary = await exploreSpec(petstore32, { casesPerOperation: 2 })
      .negativeCases([4])
      .includePaths(['/pets', '/health'])
      .dispatchUsing(
        (c) =>
          void kinds.push(
            `${c.kind} ${c.targetKeyword} ${c.targetPointer} [${c.expectedStatusClasses.join()}]`,
          ),
      )
      .run()
    expect(kinds).toMatchInlineSnapshot(`
      [
        "invalid type query [4]",
        "invalid minimum query [4]",
        "invalid required body [4]",
        "invalid type body [4]",
      ]
    `)
    expect(summary.skips.map((skip) => skip.reason)).toEqual([
      "Operation GET '/health' in spec 'petstore-3.2' has no supported invalid mutation target.",
    ])
  })
})
