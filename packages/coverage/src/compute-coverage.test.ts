import type { JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureResult, type ResultInput, specFrom, validation } from './fixture.test-kit.js'
import { renderConsole } from './render-console.js'
import type { EndpointCoverage } from './types.js'

const json = { schema: { type: 'object' } }

function endpointOf(
  responses: JsonObject,
  recordings: readonly ResultInput[],
  request = false,
): EndpointCoverage {
  const spec = specFrom('s', {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/x': { get: { responses } } },
  })
  const tracker = new CoverageTracker()
  for (const recording of recordings)
    tracker.recordResponse(validation({ spec: 's', path: '/x', ...recording }))
  if (request) tracker.recordRequest(validation({ spec: 's', path: '/x', status: null, contentType: null }))
  const endpoint = computeCoverage([spec], tracker).specs[0]?.endpoints[0]
  if (endpoint === undefined) throw new Error('no endpoint computed')
  return endpoint
}

type Row = readonly [status: string, contentType: string, state: string, hits: number, reason?: string | null]

function rows(endpoint: EndpointCoverage): Row[] {
  return endpoint.responses.map((row) =>
    row.skipReason === null
      ? [row.statusKey, row.contentTypeKey, row.state, row.hits]
      : [row.statusKey, row.contentTypeKey, row.state, row.hits, row.skipReason],
  )
}

describe('computeCoverage reconciliation', () => {
  const cases: {
    name: string
    responses: JsonObject
    recordings: ResultInput[]
    want: Row[]
    unexpected?: [string, string][]
  }[] = [
    {
      name: 'an exact status and content type validate their row',
      responses: { '200': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '200', contentType: 'application/json' }],
      want: [['200', 'application/json', 'validated', 1]],
    },
    {
      name: 'a failing schema check still counts as validated (exercised)',
      responses: { '200': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '200', outcome: 'failure' }],
      want: [['200', 'application/json', 'validated', 1]],
    },
    {
      name: 'default matches any recorded status',
      responses: { default: { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '503' }, { status: '201' }],
      want: [['default', 'application/json', 'validated', 2]],
    },
    {
      name: 'a declared range matches a literal status with the same leading digit',
      responses: { '5XX': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '503' }],
      want: [['5XX', 'application/json', 'validated', 1]],
    },
    {
      name: 'a recorded range matches a declared literal status (symmetric)',
      responses: { '503': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '5XX' }],
      want: [['503', 'application/json', 'validated', 1]],
    },
    {
      name: 'lower-case range keys match too',
      responses: { '4xx': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '404' }],
      want: [['4xx', 'application/json', 'validated', 1]],
    },
    {
      name: 'a range with another leading digit does not match',
      responses: { '4XX': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '503' }],
      want: [['4XX', 'application/json', 'uncovered', 0]],
      unexpected: [['503', 'application/json']],
    },
    {
      name: 'a recorded * matches every declared content type',
      responses: { '200': { description: '', content: { 'application/json': json, 'text/plain': {} } } },
      recordings: [{ status: '200', contentType: null }],
      want: [
        ['200', 'application/json', 'validated', 1],
        ['200', 'text/plain', 'validated', 1],
      ],
    },
    {
      name: 'a declared * (no content) matches any recorded content type',
      responses: { '204': { description: '' } },
      recordings: [{ status: '204', contentType: 'application/json' }],
      want: [['204', '*', 'validated', 1]],
    },
    {
      name: 'an empty content map is a single * row',
      responses: { '204': { description: '', content: {} } },
      recordings: [],
      want: [['204', '*', 'uncovered', 0]],
    },
    {
      name: 'content types compare case-insensitively and keep the spec casing',
      responses: { '200': { description: '', content: { 'application/json': json } } },
      recordings: [{ status: '200', contentType: 'Application/JSON' }],
      want: [['200', 'application/json', 'validated', 1]],
    },
    {
      name: 'validated beats skipped; skipped hits are dropped on promotion',
      responses: { '503': { description: '', content: { 'application/json': json } } },
      recordings: [
        { status: '503', contentType: null, outcome: 'skipped', skipReason: 'pattern' },
        { status: '503', contentType: null, outcome: 'skipped', skipReason: 'pattern' },
        { status: '503' },
      ],
      want: [['503', 'application/json', 'validated', 1]],
    },
    {
      name: 'validated beats skipped in the other order too; later skipped hits are not counted',
      responses: { '503': { description: '', content: { 'application/json': json } } },
      recordings: [
        { status: '503' },
        { status: '503', contentType: null, outcome: 'skipped', skipReason: 'pattern' },
        { status: '503', contentType: null, outcome: 'skipped', skipReason: 'pattern' },
      ],
      want: [['503', 'application/json', 'validated', 1]],
    },
    {
      name: 'skipped recordings add hits and keep the latest non-null reason',
      responses: { '503': { description: '', content: { 'application/json': json } } },
      recordings: [
        { status: '503', contentType: null, outcome: 'skipped', skipReason: 'first' },
        { status: '503', contentType: 'application/json', outcome: 'skipped', skipReason: 'second' },
        { status: '503', contentType: 'application/json', outcome: 'skipped', skipReason: null },
      ],
      want: [['503', 'application/json', 'skipped', 3, 'second']],
    },
    {
      name: 'one recording may satisfy several rows (a range and default)',
      responses: {
        '5XX': { description: '', content: { 'application/json': json } },
        default: { description: '', content: { 'application/json': json } },
      },
      recordings: [
        {
          status: '503',
          contentType: null,
          outcome: 'skipped',
          skipReason: 'status 503 matched skip pattern 5\\d\\d',
        },
      ],
      want: [
        ['5XX', 'application/json', 'skipped', 1, 'status 503 matched skip pattern 5\\d\\d'],
        ['default', 'application/json', 'skipped', 1, 'status 503 matched skip pattern 5\\d\\d'],
      ],
    },
    {
      name: 'unmatched recordings become sorted unexpected observations',
      responses: { '200': { description: '', content: { 'application/json': json } } },
      recordings: [
        { status: '418', contentType: 'application/json' },
        { status: '402', contentType: 'text/xml' },
        { status: '402', contentType: 'Application/a' },
        { status: '200', contentType: 'text/html' },
      ],
      want: [['200', 'application/json', 'uncovered', 0]],
      unexpected: [
        ['200', 'text/html'],
        ['402', 'Application/a'],
        ['402', 'text/xml'],
        ['418', 'application/json'],
      ],
    },
    {
      name: 'x- keys of the Responses Object are not responses',
      responses: { '200': { description: '' }, 'x-rate-limit': { description: 'not a response' } },
      recordings: [],
      want: [['200', '*', 'uncovered', 0]],
    },
    {
      name: 'rows sort by status, then content type case-insensitively with * last',
      responses: {
        default: { description: '' },
        '404': { description: '', content: { 'application/xml': {}, 'Application/json': {} } },
        '2XX': { description: '' },
        '200': { description: '', content: { 'text/plain': {} } },
      },
      recordings: [],
      want: [
        ['200', 'text/plain', 'uncovered', 0],
        ['2XX', '*', 'uncovered', 0],
        ['404', 'Application/json', 'uncovered', 0],
        ['404', 'application/xml', 'uncovered', 0],
        ['default', '*', 'uncovered', 0],
      ],
    },
  ]

  it.each(cases)('$name', ({ responses, recordings, want, unexpected = [] }) => {
    const endpoint = endpointOf(responses, recordings)
    expect(rows(endpoint)).toEqual(want)
    expect(endpoint.unexpectedObservations.map((o) => [o.statusKey, o.contentTypeKey])).toEqual(unexpected)
  })
})

describe('computeCoverage endpoint state', () => {
  const two = {
    '200': { description: '', content: { 'application/json': json } },
    '404': { description: '', content: { 'application/json': json } },
  }
  it.each<{
    name: string
    responses: JsonObject
    recordings: ResultInput[]
    request?: boolean
    state: string
  }>([
    {
      name: 'every row validated → all-covered',
      responses: two,
      recordings: [{ status: '200' }, { status: '404' }],
      state: 'all-covered',
    },
    {
      name: 'some rows validated → partial',
      responses: two,
      recordings: [{ status: '200' }],
      state: 'partial',
    },
    {
      name: 'validated plus skipped (nothing uncovered) → partial',
      responses: two,
      recordings: [{ status: '200' }, { status: '404', outcome: 'skipped', skipReason: 'x' }],
      state: 'partial',
    },
    {
      name: 'only skipped rows → partial',
      responses: two,
      recordings: [{ status: '404', outcome: 'skipped', skipReason: 'x' }],
      state: 'partial',
    },
    { name: 'nothing recorded → uncovered', responses: two, recordings: [], state: 'uncovered' },
    {
      name: 'only a request reached → request-only',
      responses: two,
      recordings: [],
      request: true,
      state: 'request-only',
    },
    {
      name: 'only unexpected observations → request-only',
      responses: two,
      recordings: [{ status: '500' }],
      state: 'request-only',
    },
    {
      name: 'no response definitions, reached → request-only',
      responses: {},
      recordings: [],
      request: true,
      state: 'request-only',
    },
    {
      name: 'no response definitions, not reached → uncovered',
      responses: {},
      recordings: [],
      state: 'uncovered',
    },
  ])('$name', ({ responses, recordings, request = false, state }) => {
    expect(endpointOf(responses, recordings, request).state).toBe(state)
  })
})

describe('computeCoverage on the fixture specs', () => {
  const result = fixtureResult()
  const petstore = result.specs[0]

  it('lists tracked operations only, sorted by "METHOD path", additionalOperations verbatim', () => {
    expect(petstore?.endpoints.map((e) => `${e.endpoint} ${e.state}`)).toEqual([
      'COPY /pets/{petId} request-only',
      'DELETE /pets/{petId} uncovered',
      'GET /health request-only',
      'GET /pets partial',
      'GET /pets/{petId} all-covered',
      'POST /pets partial',
      'QUERY /search uncovered',
    ])
  })

  it('omits a non-object response with a warning', () => {
    expect(result.warnings).toEqual([
      "[OpenAPI Coverage] spec 'petstore': response POST /pets 422 is not an object (got string); omitted from coverage",
    ])
    expect(
      petstore?.endpoints.find((e) => e.endpoint === 'POST /pets')?.responses.map((r) => r.statusKey),
    ).toEqual(['201', '400'])
  })

  it('names observations of an endpoint the spec no longer declares instead of dropping them', () => {
    expect(result.notes).toEqual([
      "[OpenAPI Coverage] NOTE: spec 'petstore': 1 endpoint(s) observed by tests are not declared in the spec (removed or renamed since the run?), not counted: GET /gone",
    ])
  })

  it('aggregates per spec and in total', () => {
    expect(petstore?.totals).toEqual({
      endpointTotal: 7,
      endpointFullyCovered: 1,
      endpointPartial: 2,
      endpointUncovered: 2,
      endpointRequestOnly: 2,
      responseTotal: 12,
      responseCovered: 4,
      responseCheckFailed: 1,
      responseSkipped: 2,
      responseUncovered: 6,
    })
    expect(result.totals).toEqual({
      endpointTotal: 8,
      endpointFullyCovered: 1,
      endpointPartial: 2,
      endpointUncovered: 3,
      endpointRequestOnly: 2,
      responseTotal: 14,
      responseCovered: 4,
      responseCheckFailed: 1,
      responseSkipped: 2,
      responseUncovered: 8,
    })
    expect(result.specs.map((spec) => [spec.name, spec.hasActivity])).toEqual([
      ['petstore', true],
      ['admin', false],
    ])
  })

  it('counts a row whose only check failed as covered, and says its check failed', () => {
    const showPet = petstore?.endpoints.find((e) => e.endpoint === 'GET /pets/{petId}')
    expect(showPet?.state).toBe('all-covered')
    expect(showPet?.checkFailedResponseCount).toBe(1)
    expect(showPet?.responses.map((row) => [row.statusKey, row.failedHits, row.isCheckFailed])).toEqual([
      ['200', 0, false],
      ['404', 1, true],
    ])
    // One passing check of a row is enough: its failed checks are counted, the row is not marked failed.
    const listPets = petstore?.endpoints.find((e) => e.endpoint === 'GET /pets')?.responses[0]
    expect([listPets?.hits, listPets?.failedHits, listPets?.isCheckFailed]).toEqual([2, 1, false])
  })

  it('keeps the request skip reason of a request-only endpoint', () => {
    expect(petstore?.endpoints.find((e) => e.endpoint === 'GET /health')?.requestSkipReason).toMatch(
      /^request validation skipped/,
    )
  })

  it('computes the SDK exercise denominator', () => {
    expect(
      petstore?.sdkExercise.responses.map(
        (row) => `${row.endpoint} ${row.statusKey} ${row.contentTypeKey} ${row.hits}`,
      ),
    ).toEqual([
      'COPY /pets/{petId} 201 application/json 0',
      'GET /pets 200 application/json 1',
      'GET /pets 5XX application/json 0',
      'GET /pets default application/problem+json 0',
      'GET /pets/{petId} 200 application/json 0',
      'GET /pets/{petId} 404 application/json 1',
      'POST /pets 201 application/json 0',
      'QUERY /search 200 application/json 0',
    ])
    expect(petstore?.sdkExercise.unexpectedObservations).toEqual([
      { endpoint: 'GET /pets', statusKey: '299', contentTypeKey: 'application/json', hits: 1 },
    ])
    expect(result.sdkExerciseTotals).toEqual({
      responseTotal: 9,
      responseExercised: 2,
      responseUnexercised: 7,
    })
    expect(result.sdkExerciseEnabled).toBe(true)
  })
})

describe('computeCoverage SDK eligibility', () => {
  const exactTwoHundreds: JsonObject = {}
  for (let status = 200; status < 300; status++) exactTwoHundreds[String(status)] = { description: '' }
  it.each<{ name: string; responses: JsonObject; want: string[] }>([
    { name: 'no-content responses are excluded', responses: { '204': { description: '' } }, want: [] },
    {
      name: 'non-JSON media types are excluded, +json ones count',
      responses: {
        '200': {
          description: '',
          content: { 'text/csv': json, 'application/vnd.api+json; charset=utf-8': json },
        },
      },
      want: ['200 application/vnd.api+json; charset=utf-8'],
    },
    {
      name: 'a JSON media type without a schema, or with a non-JSON schema, is excluded',
      responses: {
        '200': { description: '', content: { 'application/json': {} } },
        '201': { description: '', content: { 'application/json': { schema: 'x' } } },
      },
      want: [],
    },
    {
      name: 'boolean schemas count',
      responses: { '200': { description: '', content: { 'application/json': { schema: true } } } },
      want: ['200 application/json'],
    },
    {
      name: '3.2 itemSchema streams are excluded',
      responses: {
        '200': { description: '', content: { 'application/json': { itemSchema: { type: 'object' } } } },
      },
      want: [],
    },
    {
      name: 'application/* counts only without a JSON sibling',
      responses: {
        '200': { description: '', content: { 'application/*': json } },
        '201': { description: '', content: { 'application/*': json, 'application/json': json } },
      },
      want: ['200 application/*', '201 application/json'],
    },
    {
      name: 'a range no status can reach is excluded',
      responses: { ...exactTwoHundreds, '2XX': { description: '', content: { 'application/json': json } } },
      want: [],
    },
    {
      name: 'malformed status keys are excluded',
      responses: { '2000': { description: '', content: { 'application/json': json } } },
      want: [],
    },
  ])('$name', ({ responses, want }) => {
    const spec = specFrom('s', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { get: { responses } } },
    })
    const result = computeCoverage([spec], new CoverageTracker(), { sdkExercise: true })
    expect(
      result.specs[0]?.sdkExercise.responses.map((row) => `${row.statusKey} ${row.contentTypeKey}`),
    ).toEqual(want)
  })
})

describe('computeCoverage bookkeeping', () => {
  const spec = specFrom('s', {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/x': {
        get: { responses: { '200': { description: '' } } },
        head: { responses: { '200': { description: '' } } },
        options: { responses: { '200': { description: '' } } },
        trace: { responses: { '200': { description: '' } } },
      },
    },
  })

  it('never lists HEAD, OPTIONS or TRACE', () => {
    expect(computeCoverage([spec], new CoverageTracker()).specs[0]?.endpoints.map((e) => e.endpoint)).toEqual(
      ['GET /x'],
    )
  })

  it('ignores recordings of endpoints the spec no longer documents and of other specs', () => {
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ spec: 's', path: '/removed' }))
    tracker.recordResponse(validation({ spec: 'other', path: '/x' }))
    const result = computeCoverage([spec], tracker)
    expect(result.specs[0]?.totals.responseCovered).toBe(0)
    expect(result.specs[0]?.endpoints[0]?.state).toBe('uncovered')
    expect(result.hasObservations).toBe(true)
    expect(
      computeCoverage(
        [spec],
        (() => {
          const onlyOther = new CoverageTracker()
          onlyOther.recordResponse(validation({ spec: 'other', path: '/x' }))
          return onlyOther
        })(),
      ).hasObservations,
    ).toBe(false)
  })

  it('turns the SDK metric on when asked even without observations', () => {
    expect(computeCoverage([spec], new CoverageTracker()).sdkExerciseEnabled).toBe(false)
    expect(computeCoverage([spec], new CoverageTracker(), { sdkExercise: true }).sdkExerciseEnabled).toBe(
      true,
    )
  })

  it('rejects a spec listed twice with a coded error', () => {
    expect(() => computeCoverage([spec, spec], new CoverageTracker())).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_INVALID_ARGUMENT' }),
    )
  })

  it('warns about a responses map that is not an object', () => {
    const broken = specFrom('b', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { get: { responses: [1, 2] } } },
    })
    expect(computeCoverage([broken], new CoverageTracker()).warnings).toEqual([
      "[OpenAPI Coverage] spec 'b': responses of GET /x is not an object (got array); omitted from coverage",
    ])
  })
})

describe('computeCoverage: observations left out of the report', () => {
  const spec = specFrom('kept', {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/x': { get: { responses: { '200': { description: 'ok' } } } } },
  })

  it('names a spec that was observed but not reported, and the console says so', () => {
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ spec: 'other', path: '/y' }))
    tracker.recordResponse(validation({ spec: 'third', path: '/z' }))
    const result = computeCoverage([spec], tracker)
    expect(result.hasObservations).toBe(false)
    expect(result.notes).toEqual([
      "[OpenAPI Coverage] NOTE: observations were recorded for spec(s) not in this report: 'other', 'third'; add them to the reported specs to count them.",
    ])
    expect(renderConsole(result, { mode: 'default', color: false })).toBe(`\n${result.notes[0]}\n`)
  })

  it('lists at most ten undeclared endpoints, then how many more', () => {
    const tracker = new CoverageTracker()
    for (let i = 0; i < 12; i++) tracker.recordResponse(validation({ spec: 'kept', path: `/old${i}` }))
    expect(computeCoverage([spec], tracker).notes[0]).toMatch(/: 12 endpoint\(s\) .*GET \/old7 and 2 more$/)
  })
})
