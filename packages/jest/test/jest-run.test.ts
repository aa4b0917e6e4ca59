import { existsSync, mkdirSync, readdirSync, statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeJestRun, JestProject, type JestRun } from './jest-project.test-kit.js'
import { APP, jestConfig, OPTIONS, SPEC } from './pets-project.test-kit.js'

/**
 * Real Jest runs (Jest 30, and Jest 29 through the `jest29` alias) of a small project whose test files are
 * CommonJS, ESM (`--experimental-vm-modules`) and TypeScript through ts-jest, with `@contracttool/jest`
 * installed from this package's build.
 */

const CONFIG = jestConfig(
  { ...OPTIONS, consoleOutput: 'all', minResponseCoverage: 100, minCoverageStrict: true },
  `{
  testEnvironment: 'node',
  testMatch: ['**/tests/*.test.{cjs,mjs,ts}'],
  transform: { '^.+\\\\.ts$': 'ts-jest' },
}`,
)

const PETS_TEST = `const request = require('supertest')
const { openApiSpec } = require('@contracttool/jest')
const { createApp } = require('../app.cjs')

describe('pets', () => {
  openApiSpec('pets')

  test('lists pets', async () => {
    const res = await request(createApp()).get('/pets')
    expect(res.status).toBe(200)
    expect(res).toMatchOpenApiSchema()
  })

  test('creates a pet', async () => {
    const res = await request(createApp()).post('/pets').send({ name: 'Rex' })
    expect(res).toMatchOpenApiRequest()
    expect(res).toSatisfyApiSpec()
  })

  test('fails a response that breaks the contract, naming the violation', () => {
    const broken = {
      request: { method: 'GET', path: '/pets/1' },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: { id: 'one', name: 'Tom' } },
    }
    expect(() => expect(broken).toMatchOpenApiSchema()).toThrow(/^expect\\(received\\)\\.toMatchOpenApiSchema\\(\\)\\n\\nGET \\/pets\\/\\{id\\} 200 application\\/json: 1 violation against 'pets' spec[\\s\\S]*\\[\\/id\\] must be integer, received "one" \\(string\\)/)
    expect(() => expect(broken).not.toMatchOpenApiRequest()).toThrow(
      "expected GET /pets/1 not to match spec 'pets', but it conforms to GET /pets/{id}.",
    )
  })

  test('checks a value against a schema of the spec', () => {
    expect({ id: 1, name: 'Rex' }).toSatisfySchemaInApiSpec('Pet')
    expect({ id: 'one' }).not.toSatisfySchemaInApiSpec('Pet')
    expect(() => expect({ id: 'one', name: 'Rex' }).toSatisfySchemaInApiSpec('Pet')).toThrow(
      "components.schemas.Pet of spec 'pets': 1 violation",
    )
  })
})

test('checks against the only configured spec outside the describe that calls openApiSpec()', async () => {
  const res = await request(createApp()).get('/pets')
  expect(res).toMatchOpenApiSchema()
  expect(res).toMatchOpenApiSchema({ spec: 'pets' })
})
`

const HEALTH_TEST = `import { expect, test } from '@jest/globals'
import { openApiSpec } from '@contracttool/jest'
import request from 'supertest'
import app from '../app.cjs'

openApiSpec('pets')

test('reports the service up (ESM test file)', async () => {
  expect(await request(app.createApp()).get('/health')).toMatchOpenApiSchema()
})
`

const PET_TEST_TS = `import { expect, test } from '@jest/globals'
import { openApiSpec } from '@contracttool/jest'
import express from 'express'
import request from 'supertest'

openApiSpec('pets')

test('answers an unknown id with 404 (TypeScript through ts-jest)', async () => {
  const app = express()
  app.get('/pets/:id', (_req, res) => void res.status(404).end())
  const res = await request(app).get('/pets/7')
  expect(res.status).toBe(404)
  expect(res).toMatchOpenApiSchema({ skipResponseCodes: [500] })
})
`

const TSCONFIG = JSON.stringify({
  // isolatedModules: ts-jest transpiles each file alone, as most suites configure it for speed.
  compilerOptions: {
    module: 'commonjs',
    target: 'es2022',
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    isolatedModules: true,
    types: [],
  },
})

const BAD_INPUT_TEST = `const request = require('supertest')
const { openApiSpec } = require('@contracttool/jest')
const { createApp } = require('../app.cjs')

let unknownSpec
describe('a spec that is not configured', () => {
  try {
    openApiSpec('unknown')
  } catch (error) {
    unknownSpec = error
  }
  test('openApiSpec() refuses it, naming the configured specs', () => {
    expect(unknownSpec.code).toBe('CONTRACTTOOL_HARNESS_SPEC_NOT_CONFIGURED')
    expect(unknownSpec.message).toBe(
      \`Spec 'unknown' is not configured: withContractTesting() tracks 'pets'. Add 'unknown' to specs (its file goes under \${require('node:path').join(__dirname, '..', 'openapi')}) or use one of those names.\`,
    )
  })
})

test('openApiSpec() inside a test says where to call it', () => {
  let error
  try {
    openApiSpec('pets')
  } catch (caught) {
    error = caught
  }
  expect(error.code).toBe('CONTRACTTOOL_HARNESS_INVALID_BINDING')
  expect(error.message).toContain("was called inside a test ('openApiSpec() inside a test says where to call it')")
})

test.each(['toMatchOpenApiSchema', 'toMatchOpenApiRequest', 'toSatisfyApiSpec'])('%s refuses what is not a response', async (name) => {
  expect(() => expect(42)[name]({ spec: 'pets' })).toThrow(name + '() received number 42, which is not a response.')
  expect(() => expect({ status: 200, body: {} })[name]({ spec: 'pets' })).toThrow(name + '() received a response with status 200 but without the request it answers')
  const pending = request(createApp()).get('/health')
  expect(() => expect(pending)[name]({ spec: 'pets' })).toThrow(name + '() received a Test (keys ')
  expect(() => expect(pending)[name]({ spec: 'pets' })).toThrow('a pending request or promise, not its response: did you forget await?')
  await pending
})
`

function petsProject(jest: 'jest' | 'jest29'): JestProject {
  return new JestProject(
    {
      'openapi/pets.json': SPEC,
      'app.cjs': APP,
      'jest.config.cjs': CONFIG,
      'tsconfig.json': TSCONFIG,
      'tests/pets.test.cjs': PETS_TEST,
      'tests/health.test.mjs': HEALTH_TEST,
      'tests/pet.test.ts': PET_TEST_TS,
      'tests/bad-input.test.cjs': BAD_INPUT_TEST,
    },
    jest,
  )
}

/** The coverage JSON with its timestamp and tool version blanked. */
function coverageJson(project: JestProject): string | undefined {
  return project.read('reports/coverage.json')?.replace(/"generated_at": ?"[^"]*"/, '"generated_at":""')
}

function consoleReport(run: JestRun): string {
  const start = run.stdout.indexOf('OpenAPI Contract Test Coverage')
  return start === -1 ? '' : run.stdout.slice(start)
}

describe('a full run under Jest 30 and under Jest 29', () => {
  const runs = new Map<'jest' | 'jest29', { run: JestRun; json: string | undefined }>()
  beforeAll(() => {
    for (const jest of ['jest', 'jest29'] as const) {
      const project = petsProject(jest)
      try {
        runs.set(jest, { run: project.run(['--maxWorkers=2'], { esm: true }), json: coverageJson(project) })
      } finally {
        project.remove()
      }
    }
  })

  it.each(['jest', 'jest29'] as const)(
    '%s runs every test file green (CommonJS, ESM, ts-jest) and fails the run on the strict threshold gate',
    (jest) => {
      const { run } = runs.get(jest)!
      expect(run.results?.numFailedTests, describeJestRun(run)).toBe(0)
      expect(run.results?.numPassedTests, describeJestRun(run)).toBe(12)
      expect(run.stderr).toContain('[OpenAPI Coverage] FAIL: response coverage 83.3% < threshold 100%.')
      expect(run.code, describeJestRun(run)).toBe(1)
    },
  )

  it('prints the same coverage report and writes the same coverage JSON under both', () => {
    const jest30 = runs.get('jest')!
    const jest29 = runs.get('jest29')!
    expect(consoleReport(jest30.run)).toContain(
      '[pets] endpoints: 3/4 fully covered (75%), 1 partial, 0 uncovered',
    )
    expect(jest30.json).toContain('"schema_version": 3')
    expect(jest29.json).toBe(jest30.json)
    expect(consoleReport(jest29.run)).toBe(consoleReport(jest30.run))
  })
})

describe('the cache a run leaves for the next', () => {
  let project: JestProject
  beforeAll(() => {
    project = petsProject('jest')
    project.write({ 'package.json': '{ "private": true }\n' })
    // As a checkout leaves it: written well before the run.
    utimesSync(join(project.dir, 'openapi/pets.json'), 1_000_000, 1_000_000)
  })
  afterAll(() => project.remove())

  it('keeps the spec and the schema code in node_modules/.cache/contracttool beside package.json, and the next run reads them', () => {
    const cache = join(project.dir, 'node_modules', '.cache', 'contracttool')
    const first = project.run(['-i', 'tests/pets'], { esm: true })
    expect(first.code, describeJestRun(first)).toBe(0)
    const specFile = join(cache, 'specs', 'pets.bin')
    const written = statSync(specFile).mtimeMs
    const schemaCode = readdirSync(cache).filter((name) => name.startsWith('schema-code-'))
    expect(schemaCode).toHaveLength(1)
    expect(readdirSync(join(cache, schemaCode[0]!)).length).toBeGreaterThan(0)

    const second = project.run(['-i', 'tests/pets'], { esm: true })
    expect(second.code, describeJestRun(second)).toBe(0)
    expect(consoleReport(second)).toBe(consoleReport(first))
    expect(statSync(specFile).mtimeMs).toBe(written)
  })
})

describe('partial and sharded runs', () => {
  let project: JestProject
  beforeAll(() => {
    project = petsProject('jest')
  })
  afterAll(() => project.remove())

  it.each([
    [['-t', 'lists pets'], '-t lists pets'],
    [['tests/pets'], 'test path patterns (tests/pets)'],
  ])('%j prints the report with a NOTE, and skips the gates and the files', (args, reason) => {
    const run = project.run(['-i', ...args], { esm: true })
    expect(run.code, describeJestRun(run)).toBe(0)
    expect(consoleReport(run)).toContain('[pets] endpoints:')
    expect(run.stderr).toContain(`(${reason})`)
    expect(run.stderr).toMatch(
      /\[OpenAPI Coverage\] NOTE: the coverage threshold gate is skipped on partial runs/,
    )
    expect(project.read('reports/coverage.json')).toBeUndefined()
  })

  it('--shard=1/2 writes a sidecar for coverage:merge and renders nothing', () => {
    const run = project.run(['-i', '--shard=1/2'], { esm: true })
    expect(run.code, describeJestRun(run)).toBe(0)
    expect(run.stdout).not.toContain('OpenAPI Contract Test Coverage')
    const sidecars = join(project.dir, '.contracttool', 'sidecars')
    expect(run.stderr).toContain(
      `[OpenAPI Coverage] NOTE: wrote this run's observations to ${sidecars}/part-jest-shard-1-of-2-`,
    )
    expect(readdirSync(sidecars)).toEqual([expect.stringMatching(/^part-jest-shard-1-of-2-\d+\.json$/)])
  })
})

describe('runs that cannot be trusted', () => {
  it('fails the run loudly when a worker dies mid-file, naming the file', () => {
    const project = new JestProject({
      'openapi/pets.json': SPEC,
      'app.cjs': APP,
      'jest.config.cjs': jestConfig(OPTIONS),
      'health.test.js': `const request = require('supertest')
const { createApp } = require('./app.cjs')
test('health', async () => {
  expect(await request(createApp()).get('/health')).toMatchOpenApiSchema({ spec: 'pets' })
})
`,
      'crash.test.js': `const request = require('supertest')
const { createApp } = require('./app.cjs')
test('records, then its worker dies', async () => {
  expect(await request(createApp()).get('/pets')).toMatchOpenApiSchema({ spec: 'pets' })
  // Only ever a worker: killing the main process would end the run itself.
  if (process.send !== undefined) process.kill(process.pid, 'SIGKILL')
})
`,
    })
    try {
      const run = project.run(['--maxWorkers=2'])
      expect(run.code, describeJestRun(run)).toBe(1)
      expect(run.stderr).toContain(
        `[OpenAPI Coverage] FATAL: 1 test file(s) stopped before handing over their contract observations (the process died or was killed mid-file): ${join(project.dir, 'crash.test.js')}.`,
      )
      // The files that did finish are still reported.
      expect(consoleReport(run)).toContain('[pets] endpoints:')
    } finally {
      project.remove()
    }
  })

  it('never ends as a success when a test ends the process in band, and leaves no handover folder', () => {
    const project = new JestProject({
      'openapi/pets.json': SPEC,
      'app.cjs': APP,
      'jest.config.cjs': jestConfig(OPTIONS),
      'exits.test.js': `const request = require('supertest')
const { createApp } = require('./app.cjs')
test('records, then ends the process', async () => {
  expect(await request(createApp()).get('/health')).toMatchOpenApiSchema({ spec: 'pets' })
  process.exit(0)
})
`,
    })
    const tmp = join(project.dir, 'tmp')
    mkdirSync(tmp)
    try {
      const run = project.run(['--runInBand'], { env: { TMPDIR: tmp } })
      expect(run.code, describeJestRun(run)).toBe(1)
      expect(run.stderr).toContain(
        '[OpenAPI Coverage] FATAL: the Jest run ended before Jest reported its results (process.exit() in a test running in band, or the process was ended)',
      )
      expect(readdirSync(tmp).filter((name) => name.startsWith('contracttool-run-'))).toEqual([])
    } finally {
      project.remove()
    }
  })

  it('counts a file whose worker died once and whose retry handed over as finished', () => {
    const project = new JestProject({
      'openapi/pets.json': SPEC,
      'app.cjs': APP,
      'jest.config.cjs': jestConfig(OPTIONS),
      'health.test.js': `const request = require('supertest')
const { createApp } = require('./app.cjs')
test('health', async () => {
  expect(await request(createApp()).get('/health')).toMatchOpenApiSchema({ spec: 'pets' })
})
`,
      'crash-once.test.js': `const { existsSync, writeFileSync } = require('node:fs')
const { join } = require('node:path')
const request = require('supertest')
const { createApp } = require('./app.cjs')
test('records; its first worker dies, the retry passes', async () => {
  expect(await request(createApp()).get('/pets')).toMatchOpenApiSchema({ spec: 'pets' })
  const marker = join(__dirname, 'died-once')
  if (process.send !== undefined && !existsSync(marker)) {
    writeFileSync(marker, '')
    process.exit(3)
  }
})
`,
    })
    try {
      const run = project.run(['--maxWorkers=2'])
      expect(existsSync(join(project.dir, 'died-once')), describeJestRun(run)).toBe(true)
      expect(run.stderr, describeJestRun(run)).not.toContain('FATAL')
      expect(run.code, describeJestRun(run)).toBe(0)
      expect(consoleReport(run)).toContain('[pets] endpoints:')
    } finally {
      project.remove()
    }
  })

  it.each([
    [
      'a contracttool.config.json with a syntax error',
      { 'contracttool.config.json': '{ "specs": [' },
      {},
      /FATAL: \[contracttool\] .*contracttool\.config\.json/,
    ],
    [
      'an option with an unknown mode',
      {},
      { strictRequired: 'enforce' },
      /FATAL: \[OpenAPI Strict Required\] strictRequired=enforce is not recognised\. .*\(withContractTesting\(\)\)/,
    ],
  ])('stops before any test on %s, with one message and no stack trace', (_name, files, options, message) => {
    const project = new JestProject({
      'openapi/pets.json': SPEC,
      'jest.config.cjs': jestConfig({ ...OPTIONS, ...options }),
      'a.test.js': "test('never runs', () => { throw new Error('ran') })\n",
      ...files,
    })
    try {
      const run = project.run([])
      expect(run.code, describeJestRun(run)).toBe(1)
      expect(run.stderr).toMatch(message)
      expect(run.stderr).not.toMatch(/^\s+at /m)
      expect(run.stderr).not.toContain('never runs')
    } finally {
      project.remove()
    }
  })
})
