import { describe, expect, it } from 'vitest'
import { JestErrorCode } from './errors.js'
import { ENVIRONMENT, REPORTER, SETUP_FILE, withContractTesting } from './with-contract-testing.js'

const OPTIONS = { specBasePath: 'openapi', specs: ['petstore'] }

describe('withContractTesting', () => {
  it("adds the setup file and the reporter after the user's own, keeping everything else", () => {
    const config = withContractTesting(
      {
        testEnvironment: 'node',
        reporters: ['default', ['jest-junit', { outputDirectory: 'reports' }]],
        setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
      },
      OPTIONS,
    )
    expect(config).toEqual({
      testEnvironment: ENVIRONMENT,
      reporters: [
        'default',
        ['jest-junit', { outputDirectory: 'reports' }],
        [REPORTER, { options: OPTIONS }],
      ],
      setupFilesAfterEnv: ['<rootDir>/test/setup.ts', SETUP_FILE],
    })
  })

  it("keeps Jest's default reporter when the config names none, and works without options", () => {
    expect(withContractTesting({})).toEqual({
      reporters: ['default', [REPORTER, { options: {} }]],
      setupFilesAfterEnv: [SETUP_FILE],
      testEnvironment: ENVIRONMENT,
    })
  })

  it('adds the setup file to every inline project, the reporter once', () => {
    const config = withContractTesting(
      {
        projects: [
          { displayName: 'api' },
          { displayName: 'web', setupFilesAfterEnv: ['./web.js'], testEnvironment: 'jsdom' },
        ],
      },
      OPTIONS,
    )
    expect(config.projects).toEqual([
      { displayName: 'api', setupFilesAfterEnv: [SETUP_FILE], testEnvironment: ENVIRONMENT },
      { displayName: 'web', setupFilesAfterEnv: ['./web.js', SETUP_FILE], testEnvironment: 'jsdom' },
    ])
    expect(config.reporters).toEqual(['default', [REPORTER, { options: OPTIONS }]])
  })

  it.each([
    [undefined, ENVIRONMENT],
    ['node', ENVIRONMENT],
    ['jest-environment-node', ENVIRONMENT],
    ['jsdom', 'jsdom'],
    ['./test/custom-environment.js', './test/custom-environment.js'],
  ])('testEnvironment %s becomes %s', (testEnvironment, want) => {
    const config = withContractTesting(testEnvironment === undefined ? {} : { testEnvironment }, OPTIONS)
    expect(config.testEnvironment).toBe(want)
  })

  it.each([
    [
      'a setup entry added by hand',
      { setupFilesAfterEnv: ['./a.js', '@contracttool/jest/setup'] },
      "your Jest config already has '@contracttool/jest/setup' at setupFilesAfterEnv[1]",
    ],
    [
      'a reporter entry added by hand',
      { reporters: ['default', ['@contracttool/jest/reporter', {}]] },
      "your Jest config already has '@contracttool/jest/reporter' at reporters[1]",
    ],
    [
      'a config wrapped twice',
      withContractTesting({}, OPTIONS),
      "your Jest config already has '@contracttool/jest/reporter' at reporters[1]",
    ],
    [
      'a project with the setup file',
      { projects: [{ setupFilesAfterEnv: ['@contracttool/jest/setup'] }] },
      "already has '@contracttool/jest/setup' at projects[0].setupFilesAfterEnv[0]",
    ],
  ])('refuses %s with CONTRACTTOOL_JEST_CONFLICTING_CONFIG', (_name, config, message) => {
    expect(() => withContractTesting(config as never, OPTIONS)).toThrowError(
      expect.objectContaining({
        code: JestErrorCode.ConflictingConfig,
        message: expect.stringContaining(message),
      }),
    )
  })

  it.each([
    [
      'a config that is not an object',
      [undefined, OPTIONS],
      /needs your Jest config object .* got undefined/,
    ],
    [
      'options that are not an object',
      [{}, 'petstore'],
      /options must be an object .* got the string "petstore"/,
    ],
    [
      'a project given as a path',
      [{ projects: ['./api'] }, OPTIONS],
      /cannot add its setup file to projects\[0\] \('\.\/api'\)/,
    ],
  ])('refuses %s with CONTRACTTOOL_JEST_INVALID_CONFIG', (_name, args, message) => {
    const call = () => (withContractTesting as (...a: unknown[]) => unknown)(...args)
    expect(call).toThrowError(expect.objectContaining({ code: JestErrorCode.InvalidConfig }))
    expect(call).toThrow(message)
  })
})
