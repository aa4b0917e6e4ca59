import { describe, expect, it } from 'vitest'
import { formatsAsData, formatsFromData } from './formats-option.js'
import { resolveConfigFile, resolveOptions } from './resolve-options.js'

const ROOT = '/project'
const BASE = { specBasePath: 'openapi', specs: ['petstore'] }
const resolveWith = (options: object, file?: object) =>
  resolveOptions(
    options,
    file === undefined ? undefined : { source: 'contracttool.config.json', values: file },
    ROOT,
    {},
    'contractTesting()',
  )

describe('resolveOptions', () => {
  it('resolves paths against the project root and fills the defaults', () => {
    const resolved = resolveWith({ ...BASE, jsonOutput: 'reports/coverage.json' })
    expect(resolved).toMatchObject({
      specBasePath: '/project/openapi',
      specs: ['petstore'],
      // One spec is the default.
      defaultSpec: 'petstore',
      skipResponseCodes: ['5\\d\\d'],
      skipRequestValidationResponseCodes: ['400', '422'],
      jsonOutput: '/project/reports/coverage.json',
      strictRequired: 'off',
      strictRequiredPerCall: 'off',
      strictAdditionalProperties: 'off',
      strictAdditionalPropertiesPerCall: 'off',
      treatProjectFilterAsFull: false,
      sidecarDir: undefined,
    })
  })

  it('lets plugin options override the config file, key by key', () => {
    const resolved = resolveWith(
      { specs: ['admin'] },
      { specBasePath: 'spec', specs: ['petstore'], defaultSpec: 'admin' },
    )
    expect(resolved).toMatchObject({ specBasePath: '/project/spec', specs: ['admin'], defaultSpec: 'admin' })
  })

  it('reads formats: RegExps, functions, and RegExps carried as data', () => {
    const digits = (value: string) => /^\d+$/.test(value)
    const resolved = resolveWith({
      ...BASE,
      formats: {
        timestamp: /^\d{10}$/,
        snowflake: digits,
        'repo.nwo': { source: '^[^/]+/[^/]+$', flags: '' },
      },
    })
    expect(resolved.formats.timestamp).toEqual(/^\d{10}$/)
    expect(resolved.formats.snowflake).toBe(digits)
    expect((resolved.formats['repo.nwo'] as RegExp).test('octo/cat')).toBe(true)
    expect(resolveWith(BASE).formats).toEqual({})
    expect(() => resolveWith({ ...BASE, formats: { uuid: /x/ } })).toThrow(
      "option 'formats' (contractTesting()) 'uuid' is a format the validator already checks; it cannot be redefined.",
    )
    expect(() => resolveWith({ ...BASE, formats: { timestamp: 'digits' } })).toThrow(
      "option 'formats' (contractTesting()) 'timestamp' must be a RegExp or a function (value: string) => boolean, got the string \"digits\".",
    )
    expect(() => formatsAsData({ snowflake: digits }, 'Jest')).toThrow(
      "'snowflake' is a function, and Jest hands options to its test workers as JSON: give a RegExp",
    )
    expect(formatsFromData(formatsAsData({ timestamp: /^\d+$/i }, 'Vitest')).timestamp).toEqual(/^\d+$/i)
  })

  it('has no default spec among several unless one is named', () => {
    expect(resolveWith({ ...BASE, specs: ['petstore', 'admin'] }).defaultSpec).toBeNull()
    expect(resolveWith({ ...BASE, specs: ['petstore', 'admin'], defaultSpec: 'admin' }).defaultSpec).toBe(
      'admin',
    )
  })

  it('suggests the closest spec and option for a typo', () => {
    expect(() => resolveWith({ ...BASE, specs: ['petstore', 'admin'], defaultSpec: 'petstor' })).toThrow(
      "option 'defaultSpec' (contractTesting()) 'petstor' is not one of specs (petstore, admin). Did you mean 'petstore'?",
    )
    expect(() => resolveWith({ ...BASE, specBasepath: 'openapi' })).toThrow(
      "unknown option 'specBasepath' in contractTesting(). Did you mean 'specBasePath'? Known options:",
    )
  })

  it('tolerates case and whitespace in mode values, and numbers as statuses', () => {
    const resolved = resolveWith({
      ...BASE,
      strictRequired: ' Warn ',
      strictRequiredPerCall: 'WARN',
      skipResponseCodes: [404, '5\\d\\d'],
    })
    expect(resolved).toMatchObject({
      strictRequired: 'warn',
      strictRequiredPerCall: 'warn',
      skipResponseCodes: ['404', '5\\d\\d'],
    })
  })

  it('reads the sidecar directory from CONTRACTTOOL_SIDECAR_DIR when the option is unset', () => {
    expect(
      resolveOptions(BASE, undefined, ROOT, { CONTRACTTOOL_SIDECAR_DIR: 'sidecars' }, 'contractTesting()')
        .sidecarDir,
    ).toBe('/project/sidecars')
  })

  it.each([
    [
      'strictRequired: enforce',
      { strictRequired: 'enforce' },
      /FATAL: \[OpenAPI Strict Required\] strictRequired="?enforce"? is not recognised. Accepted: off, warn, fail/,
    ],
    ['strictRequired: true', { strictRequired: true }, /strictRequired=true is not recognised/],
    [
      'strictRequiredPerCall: fail',
      { strictRequiredPerCall: 'fail' },
      /strictRequiredPerCall does not support 'fail'/,
    ],
    [
      'strictAdditionalProperties: maybe',
      { strictAdditionalProperties: 'maybe' },
      /strictAdditionalProperties="?maybe"? is not recognised/,
    ],
    [
      'specs as a string',
      { specs: 'petstore' },
      /option 'specs' \(contractTesting\(\)\) must be an array of spec names .* got the string "petstore"/,
    ],
    ['an empty specs list', { specs: [] }, /option 'specs' .* must name at least one spec/],
    [
      'a number as specBasePath',
      { specBasePath: 42 },
      /option 'specBasePath' .* must be a non-empty string, got number 42/,
    ],
    [
      'a defaultSpec that is not tracked',
      { defaultSpec: 'admin' },
      /option 'defaultSpec' .* 'admin' is not one of specs \(petstore\)/,
    ],
    [
      'a prefix without a slash',
      { stripPrefixes: ['api'] },
      /option 'stripPrefixes' .* \[0\] 'api' must start with '\/'/,
    ],
    [
      'an invalid skip pattern',
      { skipResponseCodes: ['5(d'] },
      /option 'skipResponseCodes' .* \[0\] is not a valid regular expression "5\(d"/,
    ],
    [
      'a string threshold',
      { minEndpointCoverage: '80' },
      /option 'minEndpointCoverage' .* must be a number, got the string "80"/,
    ],
    [
      'a non-boolean flag',
      { minCoverageStrict: 'yes' },
      /option 'minCoverageStrict' .* must be true or false/,
    ],
    [
      'a negative maxErrors',
      { maxErrors: -1 },
      /option 'maxErrors' .* must be 0 \(unlimited\) or a positive integer/,
    ],
    [
      'an unknown option',
      { specBasepath: 'openapi' },
      /unknown option 'specBasepath' in contractTesting\(\). Did you mean 'specBasePath'\? Known options: specBasePath/,
    ],
    [
      'an out-of-range strict threshold',
      { minEndpointCoverage: 120, minCoverageStrict: true },
      /\[OpenAPI Coverage\] FATAL: minEndpointCoverage=120 is out of range/,
    ],
  ])('stops with a FATAL naming the option for %s', (_name, options, message) => {
    const call = () => resolveWith({ ...BASE, ...options })
    expect(call).toThrow(message)
    expect(call).toThrowError(expect.objectContaining({ code: 'CONTRACTTOOL_HARNESS_INVALID_OPTION' }))
  })

  it('names the config file when the bad value comes from it', () => {
    expect(() => resolveWith({}, { ...BASE, specs: 'petstore' })).toThrow(
      /option 'specs' \(contracttool.config.json\)/,
    )
  })

  it('keeps an out-of-range threshold as a warning when the gate is not strict', () => {
    const resolved = resolveWith({ ...BASE, minResponseCoverage: 150 })
    expect(resolved.thresholds.minResponseCoverage).toBeUndefined()
    expect(resolved.warnings).toEqual([
      '[OpenAPI Coverage] WARNING: minResponseCoverage=150 is out of range (expected 0-100); skipping threshold gate.',
    ])
  })
})

describe('resolveConfigFile', () => {
  const file = (values: object) => ({ source: 'contracttool.config.json', values })

  it('reads a file that names no specs, for a command given its spec by a flag', () => {
    const options = resolveConfigFile(file({ jsonOutput: 'reports/coverage.json' }), ROOT, {}, 'contracttool')
    expect(options.specBasePath).toBeUndefined()
    expect(options.specs).toEqual([])
    expect(options.jsonOutput).toBe('/project/reports/coverage.json')
  })

  it('checks every key as resolveOptions does, with its words', () => {
    const bad = { ...BASE, strictRequired: 'sometimes' }
    const message = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return (error as Error).message
      }
      return undefined
    }
    const fromCommand = message(() => resolveConfigFile(file(bad), ROOT, {}, 'contracttool'))
    expect(fromCommand).toMatch(/^FATAL: .*sometimes.*\(contracttool.config.json\)$/)
    expect(fromCommand).toBe(message(() => resolveWith({}, bad)))
  })
})
