import type { JsonObject } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { evaluateStrictAdditionalProperties } from './evaluate-strict-additional-properties.js'
import { specWithResponse, successResult } from './internal/test-support.js'
import { StrictAdditionalPropertiesTracker } from './strict-additional-properties-tracker.js'

const user: JsonObject = {
  type: 'object',
  properties: { id: {}, items: { type: 'array', items: { type: 'object', properties: { sku: {} } } } },
}

function trackerWith(
  bodies: readonly unknown[],
  schema: JsonObject = user,
): StrictAdditionalPropertiesTracker {
  const spec = specWithResponse(schema)
  const tracker = new StrictAdditionalPropertiesTracker()
  for (const body of bodies) tracker.record(spec, successResult(), body)
  return tracker
}

describe('evaluateStrictAdditionalProperties', () => {
  it('escapes control characters of response property names: one line per finding', () => {
    const outcome = evaluateStrictAdditionalProperties(
      [specWithResponse(user)],
      trackerWith([{ id: 1, 'x\n::error::pwned\u001b[31m': true }]),
      'warn',
    )
    expect(outcome.message).toContain(
      "  - /x\\n::error::pwned\\u001b[31m (x\\n::error::pwned\\u001b[31m) — spec 'api'",
    )
    for (const line of outcome.message.split('\n')) expect(line).not.toMatch(/^::/)
    expect(outcome.message).not.toContain('\u001b')
  })

  it('renders one finding in the singular (warn: exit 0)', () => {
    const outcome = evaluateStrictAdditionalProperties(
      [specWithResponse(user)],
      trackerWith([{ id: 1, debug: true }]),
      'warn',
    )
    expect(outcome.exitCode).toBe(0)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Additional Properties] WARNING: 1 undocumented response property was observed.

        - /debug (debug) — spec 'api', GET /things, 200, application/json; observed in 1 response(s)

      Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set \`strict_additional_properties = off\`."
    `)
    expect(outcome.stepSummary).toMatchInlineSnapshot(`
      "## :warning: OpenAPI undocumented response properties

      strict_additional_properties found undocumented response fields (warn-only).

      \`\`\`
      [OpenAPI Strict Additional Properties] WARNING: 1 undocumented response property was observed.

        - /debug (debug) — spec 'api', GET /things, 200, application/json; observed in 1 response(s)

      Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set \`strict_additional_properties = off\`.
      \`\`\`

      "
    `)
  })

  it('renders several findings in the plural, sorted by pointer (fail: exit 1)', () => {
    const tracker = trackerWith([
      { id: 1, items: [{ sku: 'a', internal_score: 3 }], debug: true },
      { id: 2, debug: false },
    ])
    const outcome = evaluateStrictAdditionalProperties([specWithResponse(user)], tracker, 'fail')
    expect(outcome.exitCode).toBe(1)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Additional Properties] FATAL: 2 undocumented response properties were observed.

        - /debug (debug) — spec 'api', GET /things, 200, application/json; observed in 2 response(s)
        - /items[*]/internal_score (internal_score) — spec 'api', GET /things, 200, application/json; observed in 1 response(s)

      Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set \`strict_additional_properties = off\`."
    `)
    expect(outcome.stepSummary.split('\n').slice(0, 3)).toEqual([
      '## :rotating_light: FATAL OpenAPI undocumented response properties',
      '',
      'strict_additional_properties found undocumented response fields and the test run was aborted.',
    ])
  })

  it('reports nothing when every property is documented, and in off mode', () => {
    expect(
      evaluateStrictAdditionalProperties([specWithResponse(user)], trackerWith([{ id: 1 }]), 'fail'),
    ).toEqual({
      reports: [],
      message: '',
      exitCode: 0,
      stepSummary: '',
    })
    const drifting = trackerWith([{ id: 1, debug: true }])
    expect(evaluateStrictAdditionalProperties([specWithResponse(user)], drifting, 'off').reports).toEqual([])
  })

  it('confirms findings against the live spec: a property documented since is dropped', () => {
    const tracker = trackerWith([{ id: 1, debug: true, items: [{ sku: 'a', score: 1 }] }])
    const documented = specWithResponse({
      type: 'object',
      properties: {
        id: {},
        debug: {},
        items: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    })
    expect(evaluateStrictAdditionalProperties([documented], tracker, 'warn').reports).toEqual([])
    expect(evaluateStrictAdditionalProperties([], tracker, 'warn').reports.map((r) => r.pointer)).toEqual([
      '/debug',
      '/items[*]/score',
    ])
  })
})

describe('evaluateStrictAdditionalProperties offSetting', () => {
  it('names turning the report off in the caller option syntax', () => {
    const spec = specWithResponse(
      { type: 'object', properties: { id: {} } },
      { path: '/orders', name: 'orders' },
    )
    const tracker = new StrictAdditionalPropertiesTracker()
    tracker.record(spec, successResult({ specName: 'orders', matchedPath: '/orders' }), {
      id: 1,
      extra: true,
    })
    const action = (offSetting?: string) =>
      evaluateStrictAdditionalProperties(
        [spec],
        tracker,
        'warn',
        offSetting === undefined ? {} : { offSetting },
      )
        .message.split('\n')
        .find((line) => line.startsWith('Action:'))
    expect(action()).toContain('or set `strict_additional_properties = off`.')
    expect(action('`--strict-additional-properties=off`')).toContain(
      'or set `--strict-additional-properties=off`.',
    )
  })
})
