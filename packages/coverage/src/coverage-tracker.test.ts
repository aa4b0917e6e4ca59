import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { validateResponse } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureSpec, fixtureTracker, type ResultInput, validation } from './fixture.test-kit.js'
import { parseCoverageJson } from './parse-coverage-json.js'
import { renderJson } from './render-json.js'
import type { CoverageState } from './types.js'

describe('CoverageTracker.recordResponse', () => {
  it.each<{ name: string; input: ResultInput }>([
    { name: 'no matched path', input: { path: null } },
    { name: 'no status key (method not documented)', input: { status: null } },
    { name: 'OPTIONS', input: { method: 'OPTIONS' } },
    { name: 'HEAD', input: { method: 'HEAD' } },
    { name: 'TRACE', input: { method: 'TRACE' } },
    { name: 'lower-case options', input: { method: 'options' } },
  ])('ignores $name', ({ input }) => {
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation(input))
    expect(tracker.hasObservations()).toBe(false)
    expect(tracker.toState()).toEqual({ version: 1, specs: {} })
  })

  it('keys by spec, method, path template, status key and content type (or *)', () => {
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ method: 'COPY', path: '/pets/{petId}', status: '201' }))
    tracker.recordResponse(
      validation({ status: '503', contentType: null, outcome: 'skipped', skipReason: 'r' }),
    )
    expect(tracker.toState()).toEqual({
      version: 1,
      specs: {
        petstore: {
          'COPY /pets/{petId}': {
            requestReached: false,
            requestSkipReason: null,
            responses: { '201:application/json': { state: 'validated', hits: 1, skipReason: null } },
          },
          'GET /pets': {
            requestReached: false,
            requestSkipReason: null,
            responses: { '503:*': { state: 'skipped', hits: 1, skipReason: 'r' } },
          },
        },
      },
    })
  })

  it.each<{
    name: string
    sequence: ResultInput[]
    want: { state: string; hits: number; skipReason: string | null; passedHits?: number; failedHits?: number }
  }>([
    {
      name: 'a failure counts as validated, and as a failed check',
      sequence: [{ outcome: 'failure' }],
      want: { state: 'validated', hits: 1, skipReason: null, passedHits: 0, failedHits: 1 },
    },
    {
      name: 'a skip and a failure: validated, no check passed',
      sequence: [{ outcome: 'skipped', skipReason: 'a' }, { outcome: 'failure' }],
      want: { state: 'validated', hits: 2, skipReason: null, passedHits: 0, failedHits: 1 },
    },
    {
      name: 'a failure and a pass count both checks',
      sequence: [{ outcome: 'failure' }, { outcome: 'success' }],
      want: { state: 'validated', hits: 2, skipReason: null, passedHits: 1, failedHits: 1 },
    },
    {
      name: 'validated wins over an earlier skip and clears the reason',
      sequence: [{ outcome: 'skipped', skipReason: 'a' }, { outcome: 'success' }],
      want: { state: 'validated', hits: 2, skipReason: null },
    },
    {
      name: 'a later skip never demotes validated',
      sequence: [{ outcome: 'success' }, { outcome: 'skipped', skipReason: 'a' }],
      want: { state: 'validated', hits: 2, skipReason: null },
    },
    {
      name: 'skipped + skipped keeps the latest non-null reason',
      sequence: [
        { outcome: 'skipped', skipReason: 'a' },
        { outcome: 'skipped', skipReason: 'b' },
        { outcome: 'skipped', skipReason: null },
      ],
      want: { state: 'skipped', hits: 3, skipReason: 'b' },
    },
  ])('$name', ({ sequence, want }) => {
    const tracker = new CoverageTracker()
    for (const input of sequence) tracker.recordResponse(validation(input))
    expect(tracker.endpoint('petstore', 'GET /pets')?.responses['200:application/json']).toEqual(want)
  })
})

describe('CoverageTracker.recordRequest', () => {
  const clean: ResultInput = { status: null, contentType: null, outcome: 'success' }
  const failed: ResultInput = { status: null, contentType: null, outcome: 'failure' }
  const skip = (reason: string): ResultInput => ({
    status: null,
    contentType: null,
    outcome: 'skipped',
    skipReason: reason,
  })
  it.each<{ name: string; sequence: ResultInput[]; reason: string | null }>([
    { name: 'the first recording stores its reason as is', sequence: [skip('a')], reason: 'a' },
    { name: 'a later clean recording clears the reason', sequence: [skip('a'), clean], reason: null },
    {
      name: 'a failed request validation is clean (the request was exercised)',
      sequence: [skip('a'), failed],
      reason: null,
    },
    { name: 'a skip after a clean validation keeps it clean', sequence: [clean, skip('a')], reason: null },
    { name: 'skipped + skipped keeps the latest reason', sequence: [skip('a'), skip('b')], reason: 'b' },
    { name: 'a response recorded first does not hide a later skip reason', sequence: [], reason: 'a' },
  ])('$name', ({ name, sequence, reason }) => {
    const tracker = new CoverageTracker()
    if (sequence.length === 0) {
      tracker.recordResponse(validation({}))
      tracker.recordRequest(validation(skip('a')))
    }
    for (const input of sequence) tracker.recordRequest(validation(input))
    const entry = tracker.endpoint('petstore', 'GET /pets')
    expect(entry?.requestReached, name).toBe(true)
    expect(entry?.requestSkipReason).toBe(reason)
  })

  it('ignores requests that matched no path and untracked methods', () => {
    const tracker = new CoverageTracker()
    tracker.recordRequest(validation({ path: null }))
    tracker.recordRequest(validation({ method: 'HEAD' }))
    expect(tracker.hasObservations()).toBe(false)
  })
})

describe('CoverageTracker state exchange', () => {
  it('round-trips through JSON', () => {
    const source = fixtureTracker()
    const copy = new CoverageTracker()
    copy.mergeState(JSON.parse(JSON.stringify(source.toState())))
    copy.mergeSdkExerciseState(JSON.parse(JSON.stringify(source.toSdkExerciseState())))
    expect(copy.toState()).toEqual(source.toState())
    expect(copy.toSdkExerciseState()).toEqual(source.toSdkExerciseState())
  })

  it('merges with the recording rules: hits add, validated wins, latest skip reason', () => {
    const a = new CoverageTracker()
    a.recordResponse(validation({ outcome: 'skipped', skipReason: 'a' }))
    a.recordResponse(validation({ status: '404', outcome: 'skipped', skipReason: 'a' }))
    a.recordRequest(validation({ status: null, outcome: 'skipped', skipReason: 'ra' }))
    const b = new CoverageTracker()
    b.recordResponse(validation({}))
    b.recordResponse(validation({ status: '404', outcome: 'skipped', skipReason: 'b' }))
    b.recordRequest(validation({ status: null, outcome: 'skipped', skipReason: 'rb' }))
    const merged = new CoverageTracker()
    merged.mergeState(a.toState())
    merged.mergeState(b.toState())
    expect(merged.endpoint('petstore', 'GET /pets')).toEqual({
      requestReached: true,
      requestSkipReason: 'rb',
      responses: {
        '200:application/json': { state: 'validated', hits: 2, skipReason: null },
        '404:application/json': { state: 'skipped', hits: 2, skipReason: 'b' },
      },
    })
  })

  it('merges failed checks: a row is failed until a check of it passes in any worker', () => {
    const a = new CoverageTracker()
    a.recordResponse(validation({ outcome: 'failure' }))
    const b = new CoverageTracker()
    b.recordResponse(validation({ outcome: 'skipped', skipReason: 'b' }))
    const merged = new CoverageTracker()
    merged.mergeState(JSON.parse(JSON.stringify(a.toState())))
    merged.mergeState(b.toState())
    expect(merged.endpoint('petstore', 'GET /pets')?.responses).toEqual({
      '200:application/json': { state: 'validated', hits: 2, skipReason: null, passedHits: 0, failedHits: 1 },
    })
    const c = new CoverageTracker()
    c.recordResponse(validation({}))
    // A sidecar of a passing run carries no check counts: every validated hit passed.
    expect(c.toState().specs.petstore?.['GET /pets']?.responses['200:application/json']).toEqual({
      state: 'validated',
      hits: 1,
      skipReason: null,
    })
    merged.mergeState(c.toState())
    expect(merged.endpoint('petstore', 'GET /pets')?.responses['200:application/json']).toEqual({
      state: 'validated',
      hits: 3,
      skipReason: null,
      passedHits: 1,
      failedHits: 1,
    })
  })

  it('keeps spec-controlled keys such as __proto__ as plain data', () => {
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ spec: '__proto__', path: '/__proto__', contentType: '__proto__' }))
    const state = JSON.parse(JSON.stringify(tracker.toState()))
    const copy = new CoverageTracker()
    copy.mergeState(state)
    expect(Object.keys(copy.toState().specs)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).version).toBeUndefined()
  })

  it('does not count empty endpoint entries of a payload as observations', () => {
    const tracker = new CoverageTracker()
    tracker.mergeState({
      version: 1,
      specs: { s: { 'GET /x': { requestReached: false, requestSkipReason: null, responses: {} } } },
    })
    expect(tracker.hasObservations()).toBe(false)
  })

  const good: CoverageState = {
    version: 1,
    specs: {
      s: {
        'GET /x': {
          requestReached: true,
          requestSkipReason: null,
          responses: { '200:*': { state: 'validated', hits: 1, skipReason: null } },
        },
      },
    },
  }
  it.each<{ name: string; payload: unknown; code: string; message: string }>([
    {
      name: 'a non-object',
      payload: [],
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: 'coverage state: expected an object, got array',
    },
    {
      name: 'no version',
      payload: { specs: {} },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: 'coverage state: missing "version"',
    },
    {
      name: 'another version',
      payload: { version: 2, specs: {} },
      code: 'CONTRACTTOOL_COVERAGE_UNSUPPORTED_STATE_VERSION',
      message: 'coverage state: unsupported coverage state version: 2 (expected 1)',
    },
    {
      name: 'no specs map',
      payload: { version: 1 },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: 'coverage state: "specs" must be an object, got undefined',
    },
    {
      name: 'an endpoint key without a method',
      payload: { version: 1, specs: { s: { '/x': {} } } },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: 'coverage state: specs["s"]["/x"]: endpoint key must be "<METHOD> <path>"',
    },
    {
      name: 'more checks than hits',
      payload: {
        version: 1,
        specs: {
          s: {
            'GET /x': {
              responses: { '200:*': { state: 'validated', hits: 1, skipReason: null, failedHits: 2 } },
            },
          },
        },
      },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message:
        'coverage state: specs["s"]["GET /x"].responses["200:*"]: passedHits + failedHits must not exceed hits (1), got 0 + 2',
    },
    {
      name: 'a non-boolean requestReached',
      payload: { version: 1, specs: { s: { 'GET /x': { requestReached: 'yes' } } } },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: 'coverage state: specs["s"]["GET /x"].requestReached must be a boolean, got string',
    },
    {
      name: 'an unknown response state',
      payload: {
        version: 1,
        specs: { s: { 'GET /x': { responses: { '200:*': { state: 'passed', hits: 1 } } } } },
      },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: `coverage state: specs["s"]["GET /x"].responses["200:*"].state must be "validated" or "skipped", got "passed"`,
    },
    {
      name: 'zero hits',
      payload: {
        version: 1,
        specs: { s: { 'GET /x': { responses: { '200:*': { state: 'validated', hits: 0 } } } } },
      },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message: 'coverage state: specs["s"]["GET /x"].responses["200:*"].hits must be an integer >= 1, got 0',
    },
    {
      name: 'fractional hits',
      payload: {
        version: 1,
        specs: { s: { 'GET /x': { responses: { '200:*': { state: 'validated', hits: 1.5 } } } } },
      },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message:
        'coverage state: specs["s"]["GET /x"].responses["200:*"].hits must be an integer >= 1, got 1.5',
    },
    {
      name: 'a non-string skip reason',
      payload: {
        version: 1,
        specs: { s: { 'GET /x': { responses: { '200:*': { state: 'skipped', hits: 1, skipReason: 5 } } } } },
      },
      code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
      message:
        'coverage state: specs["s"]["GET /x"].responses["200:*"].skipReason must be a string or null, got number',
    },
  ])('rejects $name without changing anything', ({ payload, code, message }) => {
    const tracker = new CoverageTracker()
    tracker.mergeState(good)
    const before = tracker.toState()
    // The bad entry sits after a good one: nothing of the payload may be applied.
    const withGoodFirst =
      typeof payload === 'object' &&
      payload !== null &&
      'specs' in payload &&
      typeof payload.specs === 'object'
        ? { ...payload, specs: { a: good.specs.s ?? {}, ...(payload.specs as object) } }
        : payload
    expect(() => tracker.mergeState(withGoodFirst as never)).toThrow(
      expect.objectContaining({ code, message }),
    )
    expect(tracker.toState()).toEqual(before)
  })

  it('rejects bad SDK exercise payloads', () => {
    const tracker = new CoverageTracker()
    expect(() => tracker.mergeSdkExerciseState({ version: 2, observations: {} } as never)).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_UNSUPPORTED_STATE_VERSION' }),
    )
    expect(() =>
      tracker.mergeSdkExerciseState({
        version: 1,
        observations: { s: { 'GET /x': { '200': { 'application/json': 0 } } } },
      }),
    ).toThrow(expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_INVALID_STATE' }))
    expect(tracker.hasObservations()).toBe(false)
  })

  it('rejects SDK exercise recordings with missing parts', () => {
    const tracker = new CoverageTracker()
    expect(() => tracker.recordSdkExercise('s', 'GET', '/x', '', 'application/json')).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_COVERAGE_INVALID_ARGUMENT',
        message: 'recordSdkExercise: statusKey must be a non-empty string, got ""',
      }),
    )
  })

  it('reports observations per spec', () => {
    const tracker = new CoverageTracker()
    expect(tracker.hasObservations()).toBe(false)
    tracker.recordSdkExercise('sdk-only', 'GET', '/x', '200', 'application/json')
    expect(tracker.hasObservations()).toBe(true)
    expect(tracker.hasObservations('sdk-only')).toBe(true)
    expect(tracker.hasObservations('petstore')).toBe(false)
    expect(tracker.specNames()).toEqual(['sdk-only'])
  })
})

describe('CoverageTracker hit counts', () => {
  // Past 2^53 a sum is inexact and the coverage JSON would be refused by its readers: counts saturate.
  it('saturate at Number.MAX_SAFE_INTEGER when merged, and the coverage JSON stays readable', () => {
    const source = new CoverageTracker()
    source.recordResponse(validation({}))
    source.recordSdkExercise('petstore', 'GET', '/pets', '200', 'application/json')
    const state = source.toState()
    const big = JSON.parse(
      JSON.stringify(state).replaceAll('"hits":1', `"hits":${Number.MAX_SAFE_INTEGER - 1}`),
    ) as CoverageState
    const merged = new CoverageTracker()
    for (let i = 0; i < 3; i++) {
      merged.mergeState(big)
      merged.mergeSdkExerciseState(
        JSON.parse(
          JSON.stringify(source.toSdkExerciseState()).replaceAll(
            /"application\/json":1\b/g,
            `"application/json":${Number.MAX_SAFE_INTEGER - 1}`,
          ),
        ),
      )
    }
    expect(merged.endpoint('petstore', 'GET /pets')?.responses['200:application/json']?.hits).toBe(
      Number.MAX_SAFE_INTEGER,
    )
    const result = computeCoverage([fixtureSpec('petstore')], merged)
    const text = renderJson(result, { toolVersion: '0.0.0' })
    expect(() => parseCoverageJson(text, 'merged.json')).not.toThrow()
    const exercised = result.specs[0]?.sdkExercise.responses.find((row) => row.exercised)
    expect(exercised?.hits).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe('CoverageTracker on OpenAPI 3.2 streams', () => {
  it('records a response validated item by item as validated, and a failing one as exercised with its check failed', () => {
    const spec = loadSpecFileSync(fixturePath('streams-3.2.yaml'), { name: 'streams' })
    const tracker = new CoverageTracker()
    const events = 'event: added\ndata: {"id":1,"name":"Tom","kind":"cat"}\n\n'
    for (const [path, type, body] of [
      ['/pets/events', 'text/event-stream', events],
      ['/pets/export', 'application/x-ndjson', '{"id":"x"}\n'],
    ] as const) {
      tracker.recordResponse(
        validateResponse(spec, { method: 'GET', path, status: 200, headers: { 'content-type': type }, body }),
      )
    }
    const responses = tracker.toState().specs.streams ?? {}
    expect(responses['GET /pets/events']?.responses).toEqual({
      '200:text/event-stream': { state: 'validated', hits: 1, skipReason: null },
    })
    expect(responses['GET /pets/export']?.responses).toEqual({
      '200:application/x-ndjson': {
        state: 'validated',
        hits: 1,
        skipReason: null,
        passedHits: 0,
        failedHits: 1,
      },
    })
  })
})
