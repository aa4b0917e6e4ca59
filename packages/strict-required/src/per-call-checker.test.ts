import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { specWithResponse, successResult } from './build-test-spec.test-kit.js'
import { PerCallChecker, StrictAdditionalPropertiesPerCallChecker } from './per-call-checker.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'

const order = specWithResponse({
  type: 'object',
  required: ['id', 'lines', 'payment'],
  properties: {
    id: {},
    note: {},
    coupon: {},
    lines: { type: 'array', items: { type: 'object', required: ['sku'], properties: { sku: {}, gift: {} } } },
    payment: {
      anyOf: [
        { type: 'object', properties: { card: {} } },
        { type: 'object', properties: { iban: {} } },
      ],
    },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
  },
})

describe('PerCallChecker.check', () => {
  it('warns on every drifting response, listing optional declared fields (not undeclared ones, not map keys)', () => {
    const checker = new PerCallChecker()
    const body = {
      id: 1,
      note: 'n',
      coupon: 'c',
      lines: [{ sku: 'a', gift: true }],
      undeclared: 1,
      labels: { a: 'b' },
    }
    const first = checker.check(order, successResult(), body)
    expect(first.notes).toEqual([])
    expect(first.warning).toMatchInlineSnapshot(`
      "[OpenAPI Strict Required per-call] WARN: GET /things  200  application/json: response carries 4 optional field(s) not declared in \`required\` at the matching schema pointer(s):
        / : coupon, labels, note
        /lines[*] : gift
      Action: add these fields to the schema's \`required\` array, or set strict_required_per_call=off if intentional.
      Note: per-call mode warns on every legitimately-optional field present in this single observation. See the @contracttool/strict-required README, "Per-call mode", for the trade-off."
    `)
    expect(checker.check(order, successResult(), body).warning).toBe(first.warning)
  })

  it.each([
    { name: 'every present field is required', body: { id: 1, lines: [{ sku: 'a' }] } },
    { name: 'only undeclared fields are extra', body: { id: 1, lines: [], other: 1 } },
    { name: 'the body is a scalar', body: 'text' },
    { name: 'the body is null', body: null },
  ])('returns nothing when $name', ({ body }) => {
    expect(new PerCallChecker().check(order, successResult(), body)).toEqual({ notes: [] })
  })

  it.each([
    { name: 'failure', result: successResult({ outcome: 'failure' }) },
    { name: 'skipped', result: successResult({ outcome: 'skipped' }) },
  ])('ignores $name results', ({ result }) => {
    expect(new PerCallChecker().check(order, result, { id: 1, note: 'n', lines: [] })).toEqual({ notes: [] })
  })

  it('skips pointers under a disjunction silently in the warning, with one NOTE per covering pointer', () => {
    const checker = new PerCallChecker()
    const body = { id: 1, lines: [], payment: { card: '4242' } }
    const first = checker.check(order, successResult(), body)
    expect(first.warning).toBeUndefined()
    expect(first.notes).toMatchInlineSnapshot(`
      [
        "[OpenAPI Strict Required per-call] NOTE: GET /things (200/application/json in spec 'api') observation at pointer '/payment' is covered by anyOf at '/payment'; per-call drift detection skipped because \`required\` has no AND-semantic across disjunctions. Pin the shape with \`allOf\` if you need per-call coverage here.",
      ]
    `)
    expect(checker.check(order, successResult(), { ...body, payment: { iban: 'x' } })).toEqual({ notes: [] })
    expect(new PerCallChecker().check(order, successResult(), body).notes).toHaveLength(1)
  })

  it('notes a disjunction at the root once, for every pointer it covers', () => {
    const spec = specWithResponse({ oneOf: [{ type: 'object', properties: { a: {} } }, { type: 'array' }] })
    const checker = new PerCallChecker()
    const result = checker.check(spec, successResult(), { a: { b: 1 } })
    expect(result.notes).toMatchInlineSnapshot(`
      [
        "[OpenAPI Strict Required per-call] NOTE: GET /things (200/application/json in spec 'api') observation at pointer '/' is covered by oneOf at '<root>'; per-call drift detection skipped because \`required\` has no AND-semantic across disjunctions. Pin the shape with \`allOf\` if you need per-call coverage here.",
      ]
    `)
    expect(checker.check(spec, successResult(), { a: 1 }).notes).toEqual([])
  })

  it('notes an unresolvable schema once per (spec, endpoint, response)', () => {
    const checker = new PerCallChecker()
    const unresolved = successResult({ matchedStatusKey: '404' })
    const first = checker.check(order, unresolved, { error: 'x' })
    expect(first).toMatchInlineSnapshot(`
      {
        "notes": [
          "[OpenAPI Strict Required per-call] NOTE: response schema could not be resolved for GET /things (404/application/json in spec 'api'); per-call drift detection skipped.",
        ],
      }
    `)
    expect(checker.check(order, unresolved, { error: 'y' })).toEqual({ notes: [] })
    expect(
      checker.check(order, successResult({ matchedStatusKey: '410' }), { error: 'y' }).notes,
    ).toHaveLength(1)
  })

  it('notes a spec load failure once per spec', () => {
    const checker = new PerCallChecker()
    expect(checker.noteSpecLoadFailure('api', new Error('ENOENT: openapi/api.json'))).toMatchInlineSnapshot(
      `"[OpenAPI Strict Required per-call] NOTE: spec 'api' failed to load at runtime; per-call drift detection skipped for subsequent calls against this spec. Cause: ENOENT: openapi/api.json"`,
    )
    expect(checker.noteSpecLoadFailure('api', new Error('again'))).toBeUndefined()
    expect(checker.noteSpecLoadFailure('other', 'gone')).toContain("spec 'other' failed to load")
  })

  it('rejects a result validated against another spec', () => {
    try {
      new PerCallChecker().check(order, successResult({ specName: 'other' }), {})
      expect.unreachable()
    } catch (error) {
      expect(isContractToolError(error) && error.code).toBe(StrictRequiredErrorCode.InvalidArgument)
    }
  })
})

const spec = specWithResponse({
  type: 'object',
  properties: { id: {}, owner: { type: 'object', properties: { id: {} } } },
})

describe('StrictAdditionalPropertiesPerCallChecker.check', () => {
  it('warns on every response that returns undocumented properties', () => {
    const checker = new StrictAdditionalPropertiesPerCallChecker()
    const first = checker.check(spec, successResult(), { id: 1, owner: { id: 1, email: 'e' }, debug: true })
    expect(first.notes).toEqual([])
    expect(first.warning).toMatchInlineSnapshot(`
      "[OpenAPI Strict Additional Properties per-call] WARN: GET /things  200  application/json returned 2 undocumented response properties:
        - /debug (debug)
        - /owner/email (email)
      Action: declare the properties, explicitly document the object as open, or set strict_additional_properties_per_call=off."
    `)
    expect(checker.check(spec, successResult(), { id: 2, debug: false }).warning).toMatchInlineSnapshot(`
      "[OpenAPI Strict Additional Properties per-call] WARN: GET /things  200  application/json returned 1 undocumented response property:
        - /debug (debug)
      Action: declare the properties, explicitly document the object as open, or set strict_additional_properties_per_call=off."
    `)
  })

  it.each([
    { name: 'everything is documented', result: successResult(), body: { id: 1, owner: { id: 2 } } },
    { name: 'the response failed validation', result: successResult({ outcome: 'failure' }), body: { x: 1 } },
    { name: 'the body is not JSON', result: successResult(), body: 'text' },
  ])('returns nothing when $name', ({ result, body }) => {
    expect(new StrictAdditionalPropertiesPerCallChecker().check(spec, result, body)).toEqual({ notes: [] })
  })

  it('notes an unresolvable schema once per (spec, endpoint, response)', () => {
    const checker = new StrictAdditionalPropertiesPerCallChecker()
    const result = successResult({ matchedStatusKey: '404' })
    expect(checker.check(spec, result, { x: 1 }).notes).toMatchInlineSnapshot(`
      [
        "[OpenAPI Strict Additional Properties per-call] NOTE: response schema could not be resolved for GET /things (404/application/json in spec 'api'); per-call undocumented-property detection skipped.",
      ]
    `)
    expect(checker.check(spec, result, { x: 1 })).toEqual({ notes: [] })
  })
})

describe('per-call warnings of hostile names', () => {
  const HOSTILE = 'x\n::error title=forged::y\u001b[31m\u202e'

  /** No line a CI log would run as a workflow command, no escape sequence, no reordering of the text. */
  function expectInert(text: string | undefined): void {
    expect(text).toBeDefined()
    for (const line of (text as string).split('\n')) expect(line).not.toMatch(/^::/)
    expect(text).not.toContain('\u001b')
    expect(text).not.toContain('\u202e')
  }

  it('escapes the names a response body brings into an undocumented-properties warning', () => {
    const warning = new StrictAdditionalPropertiesPerCallChecker().check(order, successResult(), {
      id: 1,
      lines: [],
      [HOSTILE]: 1,
    }).warning
    expectInert(warning)
    expect(warning).toContain('x\\n::error title=forged::y\\u001b[31m\\u202e')
  })

  it('escapes the names a spec declares in a strict-required warning', () => {
    const spec = specWithResponse({ type: 'object', properties: { [HOSTILE]: {} } })
    const warning = new PerCallChecker().check(spec, successResult(), { [HOSTILE]: 1 }).warning
    expectInert(warning)
    expect(warning).toContain('/ : x\\n::error title=forged::y\\u001b[31m\\u202e')
  })
})
