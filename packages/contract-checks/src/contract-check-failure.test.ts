import { ExploredCase } from '@contracttool/explorer'
import { describe, expect, it } from 'vitest'
import { ContractCheck } from './contract-check.js'
import { ContractCheckFailure } from './contract-check-failure.js'
import { ContractCheckReport } from './contract-check-report.js'
import { StatusExpectation } from './status-expectation.js'

const probe = new ExploredCase({
  method: 'GET',
  matchedPath: '/pets/{petId}',
  pathParams: { petId: '7' },
  query: { api_key: 'k' },
  headers: { Authorization: 'Bearer contracttool-invalid-credential', 'X-Request-Id': 'r-1' },
  seed: 1,
  caseIndex: 0,
})

describe('StatusExpectation.describe', () => {
  it.each([
    { statuses: [401, 403], classes: [], want: '401 or 403' },
    { statuses: [], classes: [4], want: '4xx' },
    { statuses: [405], classes: [], want: '405' },
    { statuses: [405, 404], classes: [], want: '405 or 404' },
    { statuses: [400], classes: [5], want: '400 or 5xx' },
  ])('$want', ({ statuses, classes, want }) => {
    expect(new StatusExpectation(statuses, classes).describe()).toBe(want)
  })

  it.each([
    { expectation: new StatusExpectation([401, 403], []), status: 403, want: true },
    { expectation: new StatusExpectation([401, 403], []), status: 404, want: false },
    { expectation: new StatusExpectation([], [4]), status: 499, want: true },
    { expectation: new StatusExpectation([], [4]), status: 500, want: false },
  ])(
    'accepts($status) is $want for $expectation.statuses $expectation.classes',
    ({ expectation, status, want }) => {
      expect(expectation.accepts(status)).toBe(want)
    },
  )
})

describe('ContractCheckFailure.describe', () => {
  it('names check, operation, mutation, expectation and status, then a redacted curl line', () => {
    const failure = new ContractCheckFailure({
      check: ContractCheck.IgnoredAuth,
      method: 'GET',
      path: '/pets/{petId}',
      operationId: 'getPet',
      mutation: 'invalid credentials',
      expected: new StatusExpectation([401, 403], []),
      actualStatus: 200,
      probe,
      baseUrl: 'http://127.0.0.1:3000',
    })
    expect(failure.describe()).toMatchInlineSnapshot(`
      "ignored_auth: GET /pets/{petId} (getPet) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET 'http://127.0.0.1:3000/pets/7?api_key=<redacted>' -H 'Authorization: <redacted>' -H 'X-Request-Id: r-1'"
    `)
  })

  it('leaves out the operation id and mutation when there are none', () => {
    const failure = new ContractCheckFailure({
      check: ContractCheck.UnsupportedMethod,
      method: 'PATCH',
      path: '/pets/{petId}',
      operationId: null,
      mutation: null,
      expected: new StatusExpectation([405, 404], []),
      actualStatus: 200,
      probe: probe.withMethod('PATCH').withHeaders({}).withQuery({}),
    })
    const report = new ContractCheckReport({
      failures: [failure, failure],
      skips: [],
      dispatchedProbes: 2,
      probedPaths: 1,
    })
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "unsupported_method: PATCH /pets/{petId} - expected 405 or 404, got 200
        Curl: curl -X PATCH '/pets/7'
      unsupported_method: PATCH /pets/{petId} - expected 405 or 404, got 200
        Curl: curl -X PATCH '/pets/7'"
    `)
    expect([report.hasFailures(), report.hasSkips()]).toEqual([true, false])
    expect(
      new ContractCheckReport({
        failures: [],
        skips: [],
        dispatchedProbes: 0,
        probedPaths: 0,
      }).describeFailures(),
    ).toBe('')
  })
})
