import type { JsonObject, JsonValue } from '@contracttool/kernel'
import type { ValidationResult } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { specWithResponse, successResult, thrownContractToolError } from './build-test-spec.test-kit.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from './strict-tracker.js'

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
    { name: 'version 3', state: { version: 3, observations: {} }, got: '3' },
    { name: 'a missing version', state: { observations: {} }, got: '<missing>' },
    { name: 'version "2" as a string', state: { version: '2', observations: {} }, got: '"2"' },
  ])('rejects $name', ({ state, got }) => {
    expect(thrownContractToolError(() => new StrictRequiredTracker().mergeState(state))).toMatchObject({
      code: StrictRequiredErrorCode.StateUnsupportedVersion,
      message: `Unsupported strict_required state version: got ${got}, expected 2.`,
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

/** Findings as `pointer (property)` for one body against one schema. */
function findingsOf(
  schema: JsonValue,
  body: unknown,
  options: { components?: JsonObject; version?: '3.0' | '3.1' } = {},
) {
  const spec = specWithResponse(schema, options)
  const tracker = new StrictAdditionalPropertiesTracker()
  tracker.record(spec, successResult(), body)
  return tracker.listFindings().map((finding) => `${finding.pointer} (${finding.property})`)
}

const user: JsonObject = { type: 'object', properties: { id: {}, name: {} } }

const cases: { name: string; schema: JsonValue; body: unknown; want: string[]; components?: JsonObject }[] = [
  { name: 'declared properties are fine', schema: user, body: { id: 1, name: 'a' }, want: [] },
  {
    name: 'an undeclared root property is reported',
    schema: user,
    body: { id: 1, secret: 'x' },
    want: ['/secret (secret)'],
  },
  {
    name: 'nested and array pointers name the property itself',
    schema: { type: 'object', properties: { items: { type: 'array', items: user }, owner: user } },
    body: {
      items: [
        { id: 1, internal_score: 3 },
        { id: 2, internal_score: 4 },
      ],
      owner: { id: 1, token: 't' },
    },
    want: ['/items[*]/internal_score (internal_score)', '/owner/token (token)'],
  },
  {
    name: 'root arrays use [*]',
    schema: { type: 'array', items: user },
    body: [{ id: 1, x: 1 }],
    want: ['[*]/x (x)'],
  },
  {
    name: 'allOf branches declare together',
    schema: { allOf: [user, { type: 'object', properties: { email: {} } }] },
    body: { id: 1, email: 'e', phone: 'p' },
    want: ['/phone (phone)'],
  },
  {
    name: 'patternProperties declare matching names',
    schema: {
      type: 'object',
      properties: { id: {} },
      patternProperties: { '^x-': { type: 'object', properties: { a: {} } } },
    },
    body: { id: 1, 'x-trace': { a: 1, b: 2 }, y: 1 },
    want: ['/x-trace/b (b)', '/y (y)'],
  },
  {
    name: 'additionalProperties: true documents the object as open',
    schema: { ...user, additionalProperties: true },
    body: { id: 1, anything: { deep: 1 } },
    want: [],
  },
  {
    name: 'a schema-valued additionalProperties is open and walked into',
    schema: { type: 'object', additionalProperties: { type: 'object', properties: { v: {} } } },
    body: { a: { v: 1, w: 2 }, b: { v: 2 } },
    want: ['/a/w (w)'],
  },
  {
    name: 'unevaluatedProperties documents the object as open',
    schema: { ...user, unevaluatedProperties: false },
    body: { id: 1 },
    want: [],
  },
  {
    name: 'anyOf and oneOf are skipped conservatively',
    schema: {
      type: 'object',
      properties: { id: {}, pay: { oneOf: [user, { type: 'object' }] } },
      anyOf: [{}],
    },
    body: { id: 1, pay: { x: 1 }, extra: 1 },
    want: [],
  },
  {
    name: 'a disjunction below the root only stops that branch',
    schema: { type: 'object', properties: { id: {}, pay: { oneOf: [user, { type: 'object' }] } } },
    body: { id: 1, pay: { x: 1 }, extra: 1 },
    want: ['/extra (extra)'],
  },
  {
    name: 'if/then/else is skipped conservatively',
    schema: {
      ...user,
      if: { properties: { id: { const: 1 } } },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a thenable
      then: { properties: { x: {} } },
    },
    body: { id: 1, x: 2, y: 3 },
    want: [],
  },
  {
    name: 'prefixItems apply by position, items after them',
    schema: { type: 'array', prefixItems: [{ type: 'object', properties: { a: {} } }], items: user },
    body: [
      { a: 1, b: 2 },
      { id: 1, c: 3 },
    ],
    want: ['[*]/b (b)', '[*]/c (c)'],
  },
  {
    name: 'a property declared with a boolean schema is not walked',
    schema: { type: 'object', properties: { blob: true } },
    body: { blob: { anything: 1 } },
    want: [],
  },
  {
    name: 'recursive schemas are walked as deep as the body goes',
    schema: { $ref: '#/components/schemas/Node' },
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        },
      },
    },
    body: { children: [{ children: [{ children: [], leak: true }] }] },
    want: ['/children[*]/children[*]/leak (leak)'],
  },
  { name: 'scalar bodies have no properties', schema: user, body: 'text', want: [] },
]

describe('StrictAdditionalPropertiesTracker.record', () => {
  it.each(cases)('$name', ({ schema, body, want, components }) => {
    expect(findingsOf(schema, body, components === undefined ? {} : { components })).toEqual(want)
  })

  it('one observation suffices and hits count every response that returned the property', () => {
    const spec = specWithResponse(user)
    const tracker = new StrictAdditionalPropertiesTracker()
    tracker.record(spec, successResult(), { id: 1, secret: 'a' })
    tracker.record(spec, successResult(), { id: 2 })
    tracker.record(spec, successResult(), { id: 3, secret: 'b' })
    tracker.record(spec, successResult({ outcome: 'failure' }), { id: 4, secret: 'c' })
    expect(tracker.evaluations).toBe(3)
    expect(tracker.toState()).toEqual({
      version: 1,
      evaluations: 3,
      observations: {
        api: { 'GET /things': { '200:application/json': { '/secret': { property: 'secret', hits: 2 } } } },
      },
    })
  })

  it('walks a 100,000-element array once per element and keeps one finding', () => {
    const spec = specWithResponse({ type: 'object', properties: { items: { type: 'array', items: user } } })
    const items = Array.from({ length: 100_000 }, (_, i) => ({ id: i, debug: i }))
    const tracker = new StrictAdditionalPropertiesTracker()
    tracker.record(spec, successResult(), { items })
    expect(tracker.listFindings().map((f) => f.pointer)).toEqual(['/items[*]/debug'])
  })

  it('walks 5,000 nested objects without overflowing the stack', () => {
    const spec = specWithResponse(
      { $ref: '#/components/schemas/Link' },
      {
        components: {
          schemas: { Link: { type: 'object', properties: { next: { $ref: '#/components/schemas/Link' } } } },
        },
      },
    )
    const root: Record<string, unknown> = {}
    let node = root
    for (let depth = 0; depth < 5_000; depth++) node = node.next = {}
    node.end = true
    const tracker = new StrictAdditionalPropertiesTracker()
    tracker.record(spec, successResult(), root)
    expect(tracker.listFindings().map((f) => f.property)).toEqual(['end'])
  })

  // `^(a+)+$` on a 29-character key took 2.8 s on a backtracking engine, doubling per character; the
  // bound is the test's 10 s timeout, with keys of 10,000 characters.
  it('tests patternProperties keys in bounded time whatever the pattern', { timeout: 10_000 }, () => {
    const schema: JsonValue = {
      type: 'object',
      patternProperties: { '^(a+)+$': {}, '^a{0,2000}a{0,2000}a{0,2000}$': {} },
    }
    const long = 'a'.repeat(10_000)
    const short = `${'a'.repeat(28)}!`
    const findings = findingsOf(schema, { [long]: 1, [`${long}b`]: 2, [short]: 3, [`${'a'.repeat(29)}`]: 4 })
    expect(findings).toEqual([`/${short} (${short})`, `/${long}b (${long}b)`])
    // A key a lookaround cannot be tested on in bounded time is not reported as undeclared.
    const lookaround: JsonValue = { type: 'object', patternProperties: { 'a*(?=c)': {} } }
    expect(findingsOf(lookaround, { [`${long}${long}`]: 1, ab: 2, ac: 3 })).toEqual(['/ab (ab)'])
  })

  it('ignores responses without a resolvable schema', () => {
    const tracker = new StrictAdditionalPropertiesTracker()
    tracker.record(specWithResponse(user), successResult({ matchedStatusKey: '404' }), { x: 1 })
    expect(tracker.hasObservations()).toBe(false)
  })

  it('rejects a result validated against another spec', () => {
    const error = thrownContractToolError(() =>
      new StrictAdditionalPropertiesTracker().record(
        specWithResponse(user),
        successResult({ specName: 'x' }),
        {},
      ),
    )
    expect(error.code).toBe(StrictRequiredErrorCode.InvalidArgument)
  })
})

describe('StrictAdditionalPropertiesTracker.mergeState', () => {
  it('adds evaluations and hits', () => {
    const spec = specWithResponse(user)
    const worker = new StrictAdditionalPropertiesTracker()
    worker.record(spec, successResult(), { id: 1, secret: 'a', other: 1 })
    const merged = new StrictAdditionalPropertiesTracker()
    merged.mergeState(worker.toState())
    merged.mergeState(JSON.parse(JSON.stringify(worker.toState())))
    expect(merged.toState()).toEqual({
      version: 1,
      evaluations: 2,
      observations: {
        api: {
          'GET /things': {
            '200:application/json': {
              '/other': { property: 'other', hits: 2 },
              '/secret': { property: 'secret', hits: 2 },
            },
          },
        },
      },
    })
  })

  const withRow = (row: unknown, pointer = '/secret') => ({
    version: 1,
    evaluations: 1,
    observations: { api: { 'GET /things': { '200:application/json': { [pointer]: row } } } },
  })
  it.each([
    { name: 'a state that is not an object', state: 'x', code: StrictRequiredErrorCode.StateMalformed },
    {
      name: 'version 2',
      state: { version: 2, evaluations: 0, observations: {} },
      code: StrictRequiredErrorCode.StateUnsupportedVersion,
    },
    {
      name: 'negative evaluations',
      state: { version: 1, evaluations: -1, observations: {} },
      code: StrictRequiredErrorCode.StateMalformed,
    },
    {
      name: 'observations that are a list',
      state: { version: 1, evaluations: 0, observations: [] },
      code: StrictRequiredErrorCode.StateMalformed,
    },
    {
      name: 'hits of 0',
      state: withRow({ property: 'secret', hits: 0 }),
      code: StrictRequiredErrorCode.StateMalformed,
    },
    { name: 'a missing property', state: withRow({ hits: 1 }), code: StrictRequiredErrorCode.StateMalformed },
    {
      name: 'a property that is not the last pointer step',
      state: withRow({ property: 'other', hits: 1 }),
      code: StrictRequiredErrorCode.StateMalformed,
    },
    {
      name: 'a pointer that is not a pointer',
      state: withRow({ property: 'secret', hits: 1 }, 'secret'),
      code: StrictRequiredErrorCode.StateMalformed,
    },
  ])('rejects $name', ({ state, code }) => {
    const tracker = new StrictAdditionalPropertiesTracker()
    expect(thrownContractToolError(() => tracker.mergeState(state)).code).toBe(code)
    expect(tracker.hasObservations()).toBe(false)
  })

  it('names the spec, endpoint and response of a bad row', () => {
    const state = withRow({ property: 'secret', hits: 0 })
    expect(
      thrownContractToolError(() => new StrictAdditionalPropertiesTracker().mergeState(state)),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_STATE_MALFORMED",
        "message": "strict_additional_properties api / GET /things / 200:application/json / /secret requires integer hits >= 1; received 0.",
      }
    `)
  })
})
