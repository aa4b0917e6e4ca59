import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'

// Real `node --test` runs of the built package, in throwaway projects under this package (so the projects
// resolve `@contracttool/node-test`, express and supertest from here).
const packageDir = join(import.meta.dirname, '..')
const runsDir = join(packageDir, '.runs')
const SETUP = [
  '--import',
  '@contracttool/node-test/register',
  '--test-reporter=@contracttool/node-test/reporter',
  '--test',
]

const APP = `import express from 'express'
export const app = express()
app.get('/health', (_req, res) => res.json({ status: 'ok' }))
app.get('/pets/:petId', (req, res) =>
  req.params.petId === '1'
    ? res.json({ id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' })
    : res.status(404).type('application/problem+json').send(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 })),
)
`

const HEALTH_TEST = `import { test } from 'node:test'
import request from 'supertest'
import { assertResponseMatchesOpenApiSchema } from '@contracttool/node-test'
import { app } from './app.mjs'

test('health is up', async () => {
  assertResponseMatchesOpenApiSchema(await request(app).get('/health'))
})
`

const PETS_TEST = `import { describe, test } from 'node:test'
import request from 'supertest'
import { assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/node-test'
import { app } from './app.mjs'

openApiSpec('petstore')

describe('GET /pets/{petId}', () => {
  test('shows a pet', async () => {
    assertResponseMatchesOpenApiSchema(await request(app).get('/pets/1'))
  })
  test('answers an unknown id with 404', async () => {
    assertResponseMatchesOpenApiSchema(await request(app).get('/pets/999'))
  })
})
`

interface Project {
  readonly dir: string
  run(args: readonly string[]): { code: number | null; stdout: string; stderr: string }
}

function project(files: Readonly<Record<string, string>>, config: object | string): Project {
  mkdirSync(runsDir, { recursive: true })
  const dir = mkdtempSync(join(runsDir, 'project-'))
  mkdirSync(join(dir, 'openapi'))
  cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
  if (typeof config === 'string') writeFileSync(join(dir, 'contracttool.config.mjs'), config)
  else writeFileSync(join(dir, 'contracttool.config.json'), JSON.stringify(config))
  writeFileSync(join(dir, 'app.mjs'), APP)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return {
    dir,
    run(args) {
      const child = spawnSync(process.execPath, [...SETUP, ...args], {
        cwd: dir,
        env: { PATH: process.env.PATH, NO_COLOR: '1' },
        encoding: 'utf8',
        timeout: 120_000,
      })
      return { code: child.status, stdout: child.stdout, stderr: child.stderr }
    },
  }
}

const CONFIG = {
  specBasePath: 'openapi',
  specs: ['petstore'],
  defaultSpec: 'petstore',
  consoleOutput: 'all',
  jsonOutput: 'reports/coverage.json',
  minEndpointCoverage: 90,
  minCoverageStrict: true,
}

afterAll(() => rmSync(runsDir, { recursive: true, force: true }))

describe('node --test with @contracttool/node-test', () => {
  it('prints the coverage report after node:test’s output and fails the run on a gate though every test passed', () => {
    const { dir, run } = project({ 'health.test.mjs': HEALTH_TEST, 'pets.test.mjs': PETS_TEST }, CONFIG)
    const { code, stdout, stderr } = run(['health.test.mjs', 'pets.test.mjs'])
    expect(stdout).toMatch(/# pass 3\n# fail 0\n/)
    const report = stdout.slice(stdout.indexOf('# duration_ms'))
    expect(report).toContain('OpenAPI Contract Test Coverage')
    expect(report).toMatch(/✓ GET \/health {2}\(1\/1 responses\)/)
    expect(report).toMatch(/✓ GET \/pets\/\{petId\} {2}\(2\/2 responses\)/)
    expect(stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
    expect(code).toBe(1)
    const json = JSON.parse(readFileSync(join(dir, 'reports/coverage.json'), 'utf8'))
    expect(json.schema_version).toBe(3)
  })

  it('exits 0 when the gates pass', () => {
    const { run } = project({ 'health.test.mjs': HEALTH_TEST }, { ...CONFIG, minEndpointCoverage: 10 })
    const { code, stderr } = run(['health.test.mjs'])
    expect(stderr).not.toContain('FATAL')
    expect(code).toBe(0)
  })

  it('counts --test-name-pattern and --test-only as partial runs: report and NOTE, no gates, no files', () => {
    const { dir, run } = project({ 'pets.test.mjs': PETS_TEST }, CONFIG)
    for (const flag of ['--test-name-pattern=shows', '--test-only']) {
      const { code, stdout, stderr } = run([flag, 'pets.test.mjs'])
      expect(stdout).toContain('OpenAPI Contract Test Coverage')
      expect(stderr).toContain('[OpenAPI Coverage] NOTE:')
      expect(stderr).toContain(flag)
      expect(stderr).not.toContain('FAIL')
      expect(code).toBe(0)
    }
    expect(existsSync(join(dir, 'reports'))).toBe(false)
  })

  it('writes a sidecar for coverage:merge under --test-shard and renders nothing', () => {
    const { dir, run } = project({ 'health.test.mjs': HEALTH_TEST, 'pets.test.mjs': PETS_TEST }, CONFIG)
    const { code, stdout, stderr } = run(['--test-shard=1/2', 'health.test.mjs', 'pets.test.mjs'])
    expect(stdout).not.toContain('OpenAPI Contract Test Coverage')
    expect(stderr).toContain("[OpenAPI Coverage] NOTE: wrote this run's observations to")
    expect(readdirSync(join(dir, '.contracttool/sidecars'))).toEqual([
      expect.stringMatching(/^part-node-test-shard-1-of-2-\d+\.json$/),
    ])
    expect(code).toBe(0)
  })

  it('fails the run loudly when a test file’s process dies before handing over', () => {
    const dies = `import { test } from 'node:test'
import request from 'supertest'
import { assertResponseMatchesOpenApiSchema } from '@contracttool/node-test'
import { app } from './app.mjs'

test('checks, then the process dies', async () => {
  assertResponseMatchesOpenApiSchema(await request(app).get('/health'))
  process.exit(0)
})
`
    const { run } = project(
      { 'dies.test.mjs': dies, 'pets.test.mjs': PETS_TEST },
      { ...CONFIG, minEndpointCoverage: 0 },
    )
    const { code, stdout, stderr } = run(['dies.test.mjs', 'pets.test.mjs'])
    expect(stderr).toMatch(
      /\[OpenAPI Coverage\] FATAL: 1 test file\(s\) stopped before handing over their contract observations \(the process died or was killed mid-file\): \S*dies\.test\.mjs\./,
    )
    expect(stdout).toMatch(/✗ GET \/health/)
    expect(code).toBe(1)
  })

  it('stops with the harness’s message, exit 1, on a config file with a syntax error', () => {
    const { run } = project({ 'health.test.mjs': HEALTH_TEST }, 'export default { specs: [\n')
    const { code, stdout, stderr } = run(['health.test.mjs'])
    expect(stderr).toContain('FATAL: [contracttool] contracttool.config.mjs failed to load:')
    expect(stdout).toContain('FATAL: [contracttool] contracttool.config.mjs failed to load:')
    expect(code).toBe(1)
  })

  it("fails the tests of a file that binds openApiSpec('unknown'), naming the configured specs", () => {
    const unknown = PETS_TEST.replace("openApiSpec('petstore')", "openApiSpec('unknown')")
    const { run } = project({ 'pets.test.mjs': unknown }, CONFIG)
    const { code, stdout } = run(['pets.test.mjs'])
    expect(stdout).toContain(
      "openApiSpec('unknown'): Spec 'unknown' is not configured: contracttool.config.* tracks 'petstore'.",
    )
    expect(stdout).toContain("code: 'CONTRACTTOOL_HARNESS_INVALID_BINDING'")
    expect(code).toBe(1)
  })

  it('reports a file run directly, without --test, where the tests and the reporter share a process', () => {
    const { dir } = project({ 'health.test.mjs': HEALTH_TEST }, { ...CONFIG, minEndpointCoverage: 10 })
    const child = spawnSync(process.execPath, [...SETUP.slice(0, -1), 'health.test.mjs'], {
      cwd: dir,
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(child.stdout).toMatch(/✓ GET \/health {2}\(1\/1 responses\)/)
    expect(child.status).toBe(0)
  })

  it('fails every test when the reporter is missing, saying what to add', () => {
    const { dir } = project({ 'health.test.mjs': HEALTH_TEST }, CONFIG)
    const child = spawnSync(
      process.execPath,
      ['--import', '@contracttool/node-test/register', '--test', 'health.test.mjs'],
      { cwd: dir, env: { PATH: process.env.PATH, NO_COLOR: '1' }, encoding: 'utf8', timeout: 120_000 },
    )
    expect(child.stdout).toContain('add --test-reporter=@contracttool/node-test/reporter to node --test')
    expect(child.stdout).toContain("code: 'CONTRACTTOOL_NODE_TEST_REPORTER_MISSING'")
    expect(child.status).toBe(1)
  })
})
