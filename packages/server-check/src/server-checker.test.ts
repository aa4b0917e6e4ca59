import { fixturePath } from '@contracttool/fixtures'
import { isContractToolError } from '@contracttool/kernel'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import type { Exchange } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { ContractViolationError } from './contract-violation-error.js'
import { SKIP_HEADER } from './dispatch-case.js'
import { ServerChecker, takeSkipHeader } from './server-checker.js'

const spec = loadSpecFileSync(fixturePath('petstore-3.1.json'))
const pet = { id: 1, name: 'Rex', kind: { type: 'dog', barks: true } }

function exchange(body: unknown): Exchange {
  return {
    request: {
      method: 'GET',
      path: '/pets/1',
      headers: { 'x-request-id': 'r-1', authorization: 'Bearer t' },
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      contentType: 'application/json',
      body,
    },
  }
}

describe('ServerChecker', () => {
  it('keeps each response violation with its side, result and exchange, and delivers it to onViolation', () => {
    const seen: ContractViolationError[] = []
    const checker = new ServerChecker(
      { spec, autoValidateRequest: false, onViolation: (error) => seen.push(error) },
      'test-adapter',
      'TEST_INVALID_OPTION',
      'TEST_NO_SPEC',
    )
    checker.check(exchange({ ...pet, name: 42 }), { request: false, response: false })
    expect(seen).toHaveLength(1)
    const [violation] = checker.violations()
    expect(violation).toBeInstanceOf(ContractViolationError)
    expect(violation?.side).toBe('response')
    expect(violation?.result?.outcome).toBe('failure')
    expect(violation?.message).toMatch(
      /^OpenAPI contract violation in the response \(test-adapter, GET \/pets\/1 → 200\)/,
    )
    expect(() => checker.assertNoViolations()).toThrow(ContractViolationError)
    expect(checker.violations()).toEqual([])
  })

  it('checks nothing on a side the skip directive names', () => {
    const checker = new ServerChecker({ spec, onViolation: () => {} }, 'test-adapter', 'T_OPT', 'T_SPEC')
    checker.check(exchange({ ...pet, name: 42 }), { request: true, response: true })
    expect(checker.violations()).toEqual([])
  })

  it.each([
    [{ autoAssert: 'yes' }, "option 'autoAssert' must be true or false, got string."],
    [{ unknown: 1 }, "option 'unknown' is unknown."],
  ])('refuses %j with the adapter and the code it was given', (options, message) => {
    let thrown: unknown
    try {
      new ServerChecker({ spec, ...options } as never, 'test-adapter', 'T_OPT', 'T_SPEC')
    } catch (error) {
      thrown = error
    }
    expect(isContractToolError(thrown) && thrown.code).toBe('T_OPT')
    expect((thrown as Error).message).toContain(`test-adapter: ${message}`)
  })

  it('refuses to start without any spec outside Vitest, naming how to bind one', () => {
    expect(() => new ServerChecker({}, 'test-adapter', 'T_OPT', 'T_SPEC')).toThrow(
      /no spec to validate against/,
    )
  })
})

describe('takeSkipHeader', () => {
  it.each([
    ['response', { response: true, request: false }],
    ['request', { response: false, request: true }],
    ['all', { response: true, request: true }],
    ['Response, request', { response: true, request: true }],
  ])('reads %j and removes the header so the app never sees it', (value, want) => {
    const headers: Record<string, string | undefined> = { [SKIP_HEADER]: value, accept: '*/*' }
    expect(takeSkipHeader(headers)).toEqual(want)
    expect(headers).toEqual({ accept: '*/*' })
  })

  it('skips nothing when the header is absent', () => {
    expect(takeSkipHeader({})).toEqual({ response: false, request: false })
  })
})
