import { describe, expect, it } from 'vitest'
import { specWithResponse, successResult } from './internal/test-support.js'
import { StrictAdditionalPropertiesPerCallChecker } from './strict-additional-properties-per-call-checker.js'

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
