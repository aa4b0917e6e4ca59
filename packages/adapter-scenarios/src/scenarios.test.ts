import { describe, expect, it } from 'vitest'
import { requestHeadersOf, SCENARIO_HEADER, SCENARIOS, scenarioFor } from './scenarios.js'

describe('scenarioFor', () => {
  const [first] = SCENARIOS
  const name = first?.name ?? ''

  it.each([
    ['a header record', { [SCENARIO_HEADER]: name }],
    ['a repeated header', { [SCENARIO_HEADER]: [name, 'ignored'] }],
    ['a Headers object', new Headers({ [SCENARIO_HEADER]: name })],
  ])('finds the scenario a request names in %s', (_kind, headers) => {
    expect(scenarioFor(headers)).toBe(first)
  })

  it('names the scenario it does not know', () => {
    expect(() => scenarioFor({ [SCENARIO_HEADER]: 'absent' })).toThrow('no shared scenario named absent')
    expect(() => scenarioFor({})).toThrow('no shared scenario named undefined')
  })

  it('gives every scenario a distinct name, so each request names one', () => {
    expect(new Set(SCENARIOS.map((scenario) => scenario.name)).size).toBe(SCENARIOS.length)
  })
})

describe('requestHeadersOf', () => {
  it('sends the scenario name, and the JSON content type only with a body', () => {
    for (const scenario of SCENARIOS) {
      const headers = requestHeadersOf(scenario)
      expect(headers[SCENARIO_HEADER]).toBe(scenario.name)
      expect(headers['content-type']).toBe(
        scenario.request.body === undefined ? undefined : 'application/json',
      )
    }
  })
})
