import type { ValidationResult } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { successResult, thrownContractToolError } from './internal/test-support.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import { StrictRequiredTracker } from './strict-required-tracker.js'

function trackerWith(...records: [ValidationResult, unknown][]): StrictRequiredTracker {
  const tracker = new StrictRequiredTracker()
  for (const [result, body] of records) tracker.record(result, body)
  return tracker
}

describe('StrictRequiredTracker.record', () => {
  it.each([
    { name: 'failure', result: successResult({ outcome: 'failure' }) },
    {
      name: 'skipped',
      result: successResult({ outcome: 'skipped', matchedContentType: '*', skipReason: 'status 503' }),
    },
    { name: 'success without a matched path', result: successResult({ matchedPath: null }) },
    { name: 'success without a matched status', result: successResult({ matchedStatusKey: null }) },
  ])('does not record a $name result', ({ result }) => {
    const tracker = trackerWith([result, { id: 1 }])
    expect(tracker.hasObservations()).toBe(false)
    expect(tracker.toState()).toEqual({ version: 2, observations: {} })
  })

  it.each([
    { name: 'null', body: null },
    { name: 'undefined', body: undefined },
    { name: 'a string', body: 'text' },
    { name: 'a number', body: 3 },
  ])('does not record a body that is $name', ({ body }) => {
    expect(trackerWith([successResult(), body]).hasObservations()).toBe(false)
  })

  it('keys observations by spec, "METHOD path" and "status:contentType" (`*` without content type)', () => {
    const tracker = trackerWith(
      [successResult(), { id: 1 }],
      [
        successResult({
          specName: 'other',
          method: 'POST',
          matchedStatusKey: '4XX',
          matchedContentType: null,
        }),
        { e: 1 },
      ],
    )
    expect(tracker.toState()).toEqual({
      version: 2,
      observations: {
        api: { 'GET /things': { '200:application/json': { hits: 1, pointers: { '/': ['id'] } } } },
        other: { 'POST /things': { '4XX:*': { hits: 1, pointers: { '/': ['e'] } } } },
      },
    })
  })

  it('intersects key sets per pointer across responses and counts hits', () => {
    const tracker = trackerWith(
      [successResult(), { id: 1, name: 'a', items: [{ sku: 1, qty: 1 }] }],
      [successResult(), { id: 2, name: 'b', note: 'n', items: [{ sku: 2 }] }],
      [successResult(), { id: 3, name: 'c', items: [{ sku: 3, qty: 2 }] }],
    )
    expect(tracker.toState().observations.api?.['GET /things']?.['200:application/json']).toEqual({
      hits: 3,
      pointers: { '/': ['id', 'items', 'name'], '/items[*]': ['sku'] },
    })
  })

  it('drops a pointer that one response did not produce (an empty `items` drops `/items[*]`)', () => {
    const tracker = trackerWith(
      [successResult(), { items: [{ id: 1 }], meta: { page: 1 } }],
      [successResult(), { items: [], meta: { page: 2 } }],
      [successResult(), { items: [{ id: 2 }], meta: { page: 3 } }],
    )
    expect(tracker.toState().observations.api?.['GET /things']?.['200:application/json']).toEqual({
      hits: 3,
      pointers: { '/': ['items', 'meta'], '/meta': ['page'] },
    })
  })

  it('counts a root array that was empty once as an observation that drops `[*]`', () => {
    const tracker = trackerWith([successResult(), [{ id: 1 }]], [successResult(), []])
    expect(tracker.toState().observations.api?.['GET /things']?.['200:application/json']).toEqual({
      hits: 2,
      pointers: {},
    })
  })

  it('keeps state bounded on a 100,000-element body: it stores the intersection, never the elements', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: [`t${i}`] }))
    const tracker = trackerWith(
      [successResult(), { items, total: items.length }],
      [successResult(), { items, total: 1 }],
    )
    const state = JSON.stringify(tracker.toState())
    expect(state).toBe(
      '{"version":2,"observations":{"api":{"GET /things":{"200:application/json":{"hits":2,"pointers":{"/":["items","total"],"/items[*]":["id","name","tags"]}}}}}}',
    )
    expect(state.length).toBeLessThan(200)
  })

  it('rejects a result that is not an object', () => {
    expect(thrownContractToolError(() => new StrictRequiredTracker().record(null as never, {})).code).toBe(
      StrictRequiredErrorCode.InvalidArgument,
    )
  })
})

describe('StrictRequiredTracker.listObservations', () => {
  it('lists groups sorted by spec, method, path, status, content type', () => {
    const tracker = trackerWith(
      [successResult({ matchedPath: '/b' }), { x: 1 }],
      [successResult({ matchedPath: '/a', method: 'POST' }), { x: 1 }],
      [successResult({ matchedPath: '/a' }), { x: 1 }],
      [successResult({ specName: 'aaa' }), { x: 1 }],
    )
    expect(tracker.listObservations().map((o) => `${o.specName} ${o.method} ${o.path}`)).toEqual([
      'aaa GET /things',
      'api GET /a',
      'api GET /b',
      'api POST /a',
    ])
  })
})

describe('StrictRequiredTracker.mergeState', () => {
  it('adds hits and intersects pointer sets; pointers missing on either side are dropped', () => {
    const worker1 = trackerWith(
      [successResult(), { id: 1, name: 'a', items: [{ sku: 1 }] }],
      [successResult(), { id: 2, name: 'b', items: [{ sku: 2 }] }],
    )
    const worker2 = trackerWith([successResult(), { id: 3, items: [] }])
    const merged = new StrictRequiredTracker()
    merged.mergeState(worker1.toState())
    merged.mergeState(JSON.parse(JSON.stringify(worker2.toState())))
    expect(merged.toState()).toEqual({
      version: 2,
      observations: {
        api: { 'GET /things': { '200:application/json': { hits: 3, pointers: { '/': ['id', 'items'] } } } },
      },
    })
  })

  it('gives the same state as recording everything in one process', () => {
    const bodies = [
      { a: 1, b: { c: 1 } },
      { a: 2, b: { c: 2, d: 1 } },
      { a: 3, b: { c: 3 } },
    ]
    const single = trackerWith(...bodies.map((body): [ValidationResult, unknown] => [successResult(), body]))
    const merged = new StrictRequiredTracker()
    for (const body of bodies) merged.mergeState(trackerWith([successResult(), body]).toState())
    expect(merged.toState()).toEqual(single.toState())
  })

  it('round-trips spec names such as __proto__ as data', () => {
    const tracker = trackerWith([successResult({ specName: '__proto__' }), { id: 1 }])
    const copy = new StrictRequiredTracker()
    copy.mergeState(JSON.parse(JSON.stringify(tracker.toState())))
    expect(Object.keys(copy.toState().observations)).toEqual(['__proto__'])
  })

  it('rejects the v1 format (`alwaysPresent` rows) naming the spec, endpoint and response', () => {
    const v1 = {
      version: 1,
      observations: {
        api: { 'GET /things': { '200:application/json': { hits: 2, alwaysPresent: ['id'] } } },
      },
    }
    expect(thrownContractToolError(() => new StrictRequiredTracker().mergeState(v1))).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_STATE_V1_REJECTED",
        "message": "strict_required api / GET /things / 200:application/json carries v1 "alwaysPresent" field; state format v2 expects "pointers" map. Upgrade every worker to the same contracttool version.",
      }
    `)
  })

  it('rejects an `alwaysPresent` row even inside a v2 state', () => {
    const mixed = {
      version: 2,
      observations: { api: { 'GET /x': { '200:*': { hits: 1, alwaysPresent: [], pointers: {} } } } },
    }
    expect(thrownContractToolError(() => new StrictRequiredTracker().mergeState(mixed)).code).toBe(
      StrictRequiredErrorCode.StateV1Rejected,
    )
  })

  it.each([
    { name: 'version 3', state: { version: 3, observations: {} } },
    { name: 'a missing version', state: { observations: {} } },
    { name: 'version "2" as a string', state: { version: '2', observations: {} } },
  ])('rejects $name', ({ state }) => {
    expect(thrownContractToolError(() => new StrictRequiredTracker().mergeState(state))).toMatchObject({
      code: StrictRequiredErrorCode.StateUnsupportedVersion,
      message: expect.stringMatching(/^Unsupported strict_required state version: got .*, expected 2\.$/),
    })
  })

  const row = (value: unknown) => ({
    version: 2,
    observations: { api: { 'GET /things': { '200:application/json': value } } },
  })
  it.each([
    { name: 'a state that is not an object', state: [] },
    { name: 'observations that are not an object', state: { version: 2, observations: [] } },
    { name: 'a spec entry that is not an object', state: { version: 2, observations: { api: 1 } } },
    { name: 'an endpoint key without a path', state: { version: 2, observations: { api: { GET: {} } } } },
    {
      name: 'a response key without a colon',
      state: { version: 2, observations: { api: { 'GET /x': { '200': {} } } } },
    },
    { name: 'hits of 0', state: row({ hits: 0, pointers: {} }) },
    { name: 'fractional hits', state: row({ hits: 1.5, pointers: {} }) },
    { name: 'missing hits', state: row({ pointers: {} }) },
    { name: 'pointers that are not an object', state: row({ hits: 1, pointers: [] }) },
    { name: 'a key list that is not an array', state: row({ hits: 1, pointers: { '/': 'id' } }) },
    { name: 'a key list with a number', state: row({ hits: 1, pointers: { '/': ['id', 1] } }) },
    { name: 'a pointer that is not a pointer', state: row({ hits: 1, pointers: { data: ['id'] } }) },
  ])('rejects $name as malformed', ({ state }) => {
    expect(thrownContractToolError(() => new StrictRequiredTracker().mergeState(state)).code).toBe(
      StrictRequiredErrorCode.StateMalformed,
    )
  })

  it('names the spec, endpoint and response of a row with hits < 1', () => {
    expect(
      thrownContractToolError(() => new StrictRequiredTracker().mergeState(row({ hits: 0, pointers: {} }))),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_STATE_MALFORMED",
        "message": "strict_required api / GET /things / 200:application/json requires integer hits >= 1; received 0.",
      }
    `)
  })

  it('validates everything before merging anything', () => {
    const tracker = trackerWith([successResult(), { id: 1 }])
    const before = tracker.toState()
    const state = {
      version: 2,
      observations: {
        api: { 'GET /things': { '200:application/json': { hits: 5, pointers: { '/': [] } } } },
        zzz: { 'GET /x': { '200:*': { hits: -1, pointers: {} } } },
      },
    }
    expect(() => tracker.mergeState(state)).toThrow()
    expect(tracker.toState()).toEqual(before)
  })

  it('normalises merged key lists (sorted, unique)', () => {
    const tracker = new StrictRequiredTracker()
    tracker.mergeState(row({ hits: 1, pointers: { '/': ['b', 'a', 'b'] } }))
    expect(tracker.toState().observations.api?.['GET /things']?.['200:application/json']?.pointers).toEqual({
      '/': ['a', 'b'],
    })
    expect(tracker.hasObservations()).toBe(true)
  })
})
