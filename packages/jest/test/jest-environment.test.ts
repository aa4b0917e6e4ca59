import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeJestRun, JestProject, type JestRun, type JestVersion } from './jest-project.test-kit.js'
import { APP, jestConfig, OPTIONS, SPEC } from './pets-project.test-kit.js'

/**
 * Where the checks run: under Jest's `node` environment `withContractTesting()` sets
 * `@contracttool/jest/environment`, which loads them once per worker process, outside the test files' module
 * registries (and so in another realm than the values the tests hand them); under any other environment
 * each test file loads its own. Real Jest runs of both, with values of the test file's realm.
 */

/** The pet store with an upload operation, whose file part a test sends as bytes. */
const UPLOAD_SPEC = JSON.stringify({
  ...JSON.parse(SPEC),
  paths: {
    ...JSON.parse(SPEC).paths,
    '/uploads': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { properties: { file: { type: 'string', format: 'binary' } } },
            },
          },
        },
        responses: { '201': { description: 'stored' } },
      },
    },
  },
})

/** Test files that pass the same way whichever realm the checks run in; `provided` says which one it is. */
function realmTest(provided: boolean): string {
  return `const path = require('node:path')
const express = require('express')
const request = require('supertest')
const { contractValidation } = require('@contracttool/express')
const { loadSpec } = require('@contracttool/spec-loader')
const { openApiSpec } = require('@contracttool/jest')
const { createApp } = require('../app.cjs')

openApiSpec('pets')

test(${JSON.stringify(`takes the checks from ${provided ? 'the test environment' : "the test file's own registry"}`)}, () => {
  expect(globalThis[Symbol.for('contracttool.jest.checks')] !== undefined).toBe(${provided})
})

test('checks against a spec this test file loaded (its maps are of this realm)', async () => {
  const spec = await loadSpec('pets', { basePath: path.join(__dirname, '..', 'openapi') })
  expect(spec.operationsByPath instanceof Map).toBe(true)
  expect(await request(createApp()).get('/health')).toMatchOpenApiSchema({ spec })
})

test('reads a file part that is an ArrayBuffer of this realm', () => {
  // Jest's node environment shares the ArrayBuffer class of its process; an Int8Array's buffer is this realm's.
  const file = new Int8Array([1, 2]).buffer
  expect(file instanceof ArrayBuffer).toBe(false)
  const exchange = {
    request: { method: 'POST', path: '/uploads', contentType: 'multipart/form-data; boundary=x', body: { file } },
    response: { status: 201, headers: {} },
  }
  expect(exchange).toMatchOpenApiRequest()
  expect(() => expect({ ...exchange, request: { ...exchange.request, body: { file: 42 } } }).toMatchOpenApiRequest()).toThrow(
    '[/file] must be string',
  )
})

test('records what the Express middleware checks into the run of this test file', async () => {
  const app = express()
  app.use(contractValidation())
  app.get('/pets/:id', (_req, res) => void res.status(404).end())
  expect((await request(app).get('/pets/9')).status).toBe(404)
})

// As the Express README shows it for runners that are not Vitest: the run fails the test once all the same.
let validation
afterEach(() => validation?.assertNoViolations())

test('fails the test whose response the Express middleware finds in violation', async () => {
  const app = express()
  validation = contractValidation()
  app.use(validation)
  app.get('/pets/:id', (_req, res) => void res.json({ id: 'one', name: 'Tom' }))
  await request(app).get('/pets/1')
})
`
}

const CUSTOM_ENVIRONMENT = `// A project's own environment: Jest's node environment, found through Jest's packages, with a global added.
const { createRequire } = require('node:module')
const found = ['@jest/core', 'jest-config', 'jest-environment-node'].reduce(
  (from, name) => createRequire(from).resolve(name),
  require.resolve('jest'),
)
const { TestEnvironment } = require(found)

module.exports = class CustomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.global.CUSTOM_ENVIRONMENT = true
  }
}
`

function realmProject(jest: JestVersion, environment: 'node' | 'custom'): JestProject {
  return new JestProject(
    {
      'openapi/pets.json': UPLOAD_SPEC,
      'app.cjs': APP,
      'custom-environment.cjs': CUSTOM_ENVIRONMENT,
      'jest.config.cjs': jestConfig(
        OPTIONS,
        `{ testMatch: ['**/tests/*.test.cjs']${environment === 'node' ? '' : ", testEnvironment: '<rootDir>/custom-environment.cjs'"} }`,
      ),
      'tests/realm.test.cjs': realmTest(environment === 'node'),
      // Jest's own node environment for this file alone (a docblock): its checks come from its own registry.
      'tests/docblock.test.cjs': `/**\n * @jest-environment node\n */\n${realmTest(false)}`,
    },
    jest,
  )
}

interface TestResult {
  readonly fullName: string
  readonly status: string
  readonly failureMessages: readonly string[]
}

function testResults(run: JestRun, file: string): TestResult[] {
  const results = run.results as unknown as
    | { testResults: { name: string; assertionResults: TestResult[] }[] }
    | undefined
  return results?.testResults.find((result) => result.name.endsWith(file))?.assertionResults ?? []
}

describe.each([
  ['jest', 'node'],
  ['jest29', 'node'],
  ['jest', 'custom'],
] as const)('%s, %s environment', (jest, environment) => {
  let project: JestProject
  let run: JestRun
  beforeAll(() => {
    project = realmProject(jest, environment)
    run = project.run(['-i'])
  })
  afterAll(() => project.remove())

  it.each(['tests/realm.test.cjs', 'tests/docblock.test.cjs'])(
    '%s: every check passes, and the one violation the middleware found fails its test',
    (file) => {
      const results = testResults(run, file)
      expect(results.length, describeJestRun(run)).toBe(5)
      const failed = results.filter((result) => result.status !== 'passed')
      expect(
        failed.map((result) => result.fullName),
        describeJestRun(run),
      ).toEqual(['fails the test whose response the Express middleware finds in violation'])
      const message = failed[0]?.failureMessages.join('\n') ?? ''
      // Read like the matchers' failures (a hint line, then the violation), once, and not as a Node assertion.
      expect(message).toContain('expect(app).toPassTheServerSideContractChecks()')
      expect(message).toContain(
        "The app's server-side contract check found a contract violation in this test:",
      )
      expect(message.split('[/id] must be integer, received "one" (string)')).toHaveLength(2)
      expect(message).not.toContain('Expected value')
    },
  )

  it('counts what the middleware recorded in the coverage', () => {
    const coverage = JSON.parse(project.read('reports/coverage.json') ?? '{}')
    const endpoint = coverage.specs?.pets?.endpoints?.find(
      (entry: { path: string; method: string }) => entry.path === '/pets/{id}' && entry.method === 'GET',
    )
    expect(endpoint, describeJestRun(run)).toBeDefined()
    expect(
      endpoint.responses.find((row: { status_key: string }) => row.status_key === '404')?.hits,
      JSON.stringify(endpoint),
    ).toBe(2)
  })
})
