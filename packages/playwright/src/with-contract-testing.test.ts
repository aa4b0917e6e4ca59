import { describe, expect, it } from 'vitest'
import { ContractPlaywrightError, PlaywrightErrorCode } from './errors.js'
import { REPORTER, withContractTesting } from './with-contract-testing.js'

const OPTIONS = { specs: ['petstore'] }

describe('withContractTesting', () => {
  it.each([
    { given: undefined, want: [['list'], [REPORTER, { options: OPTIONS }]] },
    { given: 'html', want: [['html'], [REPORTER, { options: OPTIONS }]] },
    {
      given: [['list'], ['json', { outputFile: 'results.json' }]],
      want: [['list'], ['json', { outputFile: 'results.json' }], [REPORTER, { options: OPTIONS }]],
    },
  ])('keeps the reporters $given and adds its own', ({ given, want }) => {
    const previous = process.env.CI
    delete process.env.CI
    try {
      const config = withContractTesting(given === undefined ? {} : { reporter: given as never }, OPTIONS)
      expect(config.reporter).toEqual(want)
    } finally {
      if (previous !== undefined) process.env.CI = previous
    }
  })

  it('keeps the rest of the config and hands the options to the fixtures through use', () => {
    const config = withContractTesting({ testDir: 'e2e', use: { baseURL: 'http://127.0.0.1:1' } }, OPTIONS)
    expect(config.testDir).toBe('e2e')
    expect(config.use).toEqual({ baseURL: 'http://127.0.0.1:1', _contractTesting: OPTIONS })
  })

  it.each([
    { config: undefined, message: 'got undefined' },
    { config: [], message: 'got an array' },
    { config: 'playwright.config.ts', message: 'got the string "playwright.config.ts"' },
  ])('refuses $config as the config', ({ config, message }) => {
    const error = catchError(() => withContractTesting(config as never, OPTIONS))
    expect(error).toBeInstanceOf(ContractPlaywrightError)
    expect(error.code).toBe(PlaywrightErrorCode.InvalidConfig)
    expect(error.message).toContain(
      'withContractTesting() needs your Playwright config object as its first argument',
    )
    expect(error.message).toContain(message)
  })

  it('refuses options that are not an object, a reporter list it cannot read, and a second wrap', () => {
    expect(catchError(() => withContractTesting({}, 'petstore' as never)).message).toMatch(
      /^withContractTesting\(\) options must be an object/,
    )
    expect(catchError(() => withContractTesting({ reporter: [42] as never })).message).toMatch(
      /^withContractTesting\(\) reads reporter as a name or a list of \[name, options\?\] entries/,
    )
    const twice = catchError(() => withContractTesting(withContractTesting({}, OPTIONS), OPTIONS))
    expect(twice.code).toBe(PlaywrightErrorCode.InvalidConfig)
    expect(twice.message).toContain(`already has '${REPORTER}' at reporter[1]`)
  })
})

function catchError(fn: () => unknown): ContractPlaywrightError {
  try {
    fn()
  } catch (error) {
    return error as ContractPlaywrightError
  }
  throw new Error('expected an error')
}
