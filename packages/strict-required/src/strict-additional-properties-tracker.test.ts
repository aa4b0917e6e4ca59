import type { JsonObject, JsonValue } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { specWithResponse, successResult, thrownContractToolError } from './internal/test-support.js'
import { StrictAdditionalPropertiesTracker } from './strict-additional-properties-tracker.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'

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
