import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'

// Real mocha runs of the built package, in throwaway projects under this package (so the projects resolve
// `@contracttool/mocha`, mocha, express, supertest and axios from here).
const packageDir = join(import.meta.dirname, '..')
const runsDir = join(packageDir, '.runs')
const MOCHA = createRequire(join(packageDir, 'package.json')).resolve('mocha/bin/mocha.js')
// Mocha 10, the oldest supported (the `mocha10` alias of the catalog).
const MOCHA_10 = createRequire(join(packageDir, 'package.json')).resolve('mocha10/bin/mocha.js')

const APP = `import express from 'express'
export const app = express()
app.use(express.json())
app.get('/health', (_req, res) => res.json({ status: 'ok' }))
app.get('/pets/:petId', (req, res) =>
  req.params.petId === '1'
    ? res.json({ id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' })
    : res.status(404).type('application/problem+json').send(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 })),
)
app.post('/pets', (req, res) => res.status(201).json({ id: 2, kind: 'cat', ...req.body }))
`

const HEALTH_TEST = `import request from 'supertest'
import { assertResponseMatchesOpenApiSchema } from '@contracttool/mocha'
import { app } from './app.mjs'

describe('health', () => {
  it('is up', async () => {
    assertResponseMatchesOpenApiSchema(await request(app).get('/health'))
  })
})
`

// axios against the app on an ephemeral port: a 404 arrives as an AxiosError, whose response is checked.
const PETS_TEST = `import axios from 'axios'
import { assertRequestMatchesOpenApiSchema, assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/mocha'
import { app } from './app.mjs'

describe('pets', () => {
  openApiSpec('petstore')
  let server
  let client
  before(async () => {
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    client = axios.create({ baseURL: 'http://127.0.0.1:' + server.address().port })
  })
  after(() => new Promise((resolve) => server.close(resolve)))

  it('shows a pet', async () => {
    assertResponseMatchesOpenApiSchema(await client.get('/pets/1'))
  })
  it('answers an unknown id with 404', async () => {
    const error = await client.get('/pets/999').catch((caught) => caught)
    assertResponseMatchesOpenApiSchema(error.response)
  })
  it('creates a pet', async () => {
    const res = await client.post('/pets', { name: 'Rex' }, { headers: { Authorization: 'Bearer t0k3n' } })
    assertRequestMatchesOpenApiSchema(res)
    assertResponseMatchesOpenApiSchema(res)
  })
})
`

const CONFIG = {
  specBasePath: 'openapi',
  specs: ['petstore'],
  defaultSpec: 'petstore',
  consoleOutput: 'all',
  jsonOutput: 'reports/coverage.json',
  minEndpointCoverage: 90,
  minCoverageStrict: true,
}

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

function project(files: Readonly<Record<string, string>>, config: object, mocharc: object) {
  mkdirSync(runsDir, { recursive: true })
  const dir = mkdtempSync(join(runsDir, 'project-'))
  mkdirSync(join(dir, 'openapi'))
  cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
  writeFileSync(join(dir, 'contracttool.config.json'), JSON.stringify(config))
  writeFileSync(join(dir, '.mocharc.json'), JSON.stringify(mocharc))
  writeFileSync(join(dir, 'app.mjs'), APP)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return {
    dir,
    run(args: readonly string[] = [], bin = MOCHA): Run {
      const child = spawnSync(process.execPath, [bin, ...args], {
        cwd: dir,
        env: { PATH: process.env.PATH, NO_COLOR: '1' },
        encoding: 'utf8',
        timeout: 120_000,
      })
      return { code: child.status, stdout: child.stdout, stderr: child.stderr }
    },
  }
}

const MOCHARC = { require: ['@contracttool/mocha/register'], spec: ['*.test.mjs'], reporter: 'dot' }
const FILES = { 'health.test.mjs': HEALTH_TEST, 'pets.test.mjs': PETS_TEST }

/** The coverage lines of a report, for comparing two runs. */
function coverageLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => /^\s*[✓✗◐] /.test(line) || line.includes('endpoints:'))
}

afterAll(() => rmSync(runsDir, { recursive: true, force: true }))

describe('mocha with @contracttool/mocha/register', () => {
  let serial: { run: Run; json: unknown } | undefined

  it('serial: prints the report once (register listed twice), writes the files, and a failed gate makes mocha exit non-zero though every test passed', () => {
    const twice = { ...MOCHARC, require: ['@contracttool/mocha/register', '@contracttool/mocha/register'] }
    const { dir, run } = project(FILES, CONFIG, twice)
    const result = run()
    expect(result.stdout).toContain('4 passing')
    expect(result.stdout.split('OpenAPI Contract Test Coverage').length).toBe(2)
    expect(result.stdout).toMatch(/✓ GET \/health {2}\(1\/1 responses\)/)
    expect(result.stdout).toMatch(/✓ GET \/pets\/\{petId\} {2}\(2\/2 responses\)/)
    expect(result.stdout).toMatch(/POST \/pets/)
    expect(result.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
    expect(result.stderr).toContain(
      'MochaError [CONTRACTTOOL_MOCHA_RUN_FAILED]: The OpenAPI contract run failed: see the [OpenAPI Coverage] lines above.',
    )
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(result.code).not.toBe(0)
    const json = JSON.parse(readFileSync(join(dir, 'reports/coverage.json'), 'utf8'))
    expect(json.schema_version).toBe(3)
    serial = { run: result, json }
  })

  it('--parallel: the workers hand their observations over; same report and coverage JSON as the serial run', () => {
    const { dir, run } = project(FILES, CONFIG, MOCHARC)
    const result = run(['--parallel', '--jobs', '2'])
    expect(result.stdout).toContain('4 passing')
    expect(coverageLines(result.stdout).length).toBeGreaterThan(3)
    expect(coverageLines(result.stdout)).toEqual(coverageLines(serial?.run.stdout ?? ''))
    expect(result.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
    expect(result.code).not.toBe(0)
    const json = JSON.parse(readFileSync(join(dir, 'reports/coverage.json'), 'utf8'))
    const stable = (value: unknown) =>
      JSON.stringify(value, (key, v) => (key === 'generated_at' ? undefined : v))
    expect(stable(json)).toBe(stable(serial?.json))
  })

  it('mocha 10: the same report serial and --parallel, and a failed gate makes mocha exit non-zero (Mocha 10 prints no teardown error)', () => {
    const { run } = project(FILES, CONFIG, MOCHARC)
    for (const args of [[], ['--parallel', '--jobs', '2']]) {
      const result = run(args, MOCHA_10)
      expect(result.stdout, result.stderr).toContain('4 passing')
      expect(coverageLines(result.stdout)).toEqual(coverageLines(serial?.run.stdout ?? ''))
      expect(result.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
      expect(result.code).toBe(1)
    }
  })

  it('exits 0 when the gates pass; binds a spec at file scope for that file only; a file argument added to the configured spec is a full run', () => {
    const { defaultSpec: _none, ...noDefault } = CONFIG
    const boundAtTop = HEALTH_TEST.replace(
      "import { assertResponseMatchesOpenApiSchema } from '@contracttool/mocha'",
      "import { assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/mocha'\nopenApiSpec('petstore')",
    )
    const unbound = `import request from 'supertest'
import { assertResponseMatchesOpenApiSchema } from '@contracttool/mocha'
import { app } from './app.mjs'

it('has no spec bound in a file that binds none', async () => {
  const res = await request(app).get('/health')
  let message = ''
  try {
    assertResponseMatchesOpenApiSchema(res)
  } catch (error) {
    message = error.message
  }
  if (!message.startsWith('No OpenAPI spec is bound to this check.')) throw new Error('bound: ' + message)
})
`
    // Two specs and no defaultSpec: a file that binds none has no spec (one spec alone would be the default).
    const { dir, run } = project(
      { ...FILES, 'health.test.mjs': boundAtTop, 'unbound.test.mjs': unbound },
      { ...noDefault, specs: ['petstore', 'other'], minEndpointCoverage: 10 },
      MOCHARC,
    )
    cpSync(join(dir, 'openapi', 'petstore.json'), join(dir, 'openapi', 'other.json'))
    const result = run(['health.test.mjs'])
    expect(result.stdout, result.stderr).toContain('5 passing')
    expect(result.stdout).toMatch(/✓ GET \/health {2}\(1\/1 responses\)/)
    expect(result.stderr).not.toContain('NOTE')
    expect(existsSync(join(dir, 'reports/coverage.json'))).toBe(true)
    expect(result.code).toBe(0)
  })

  it('counts --grep, --fgrep, --invert and .only as partial runs: report and NOTE, no gates, no files', () => {
    const only = PETS_TEST.replace("it('shows a pet'", "it.only('shows a pet'")
    const { dir, run } = project({ ...FILES, 'pets.test.mjs': only }, CONFIG, MOCHARC)
    for (const [args, reason] of [
      [['--grep', 'pet'], '--grep pet'],
      [['--fgrep', 'up', '--invert'], '--fgrep up, --invert'],
      [[], '.only'],
    ] as const) {
      const result = run(args)
      expect(result.stdout).toContain('OpenAPI Contract Test Coverage')
      expect(result.stderr).toContain('[OpenAPI Coverage] NOTE:')
      expect(result.stderr).toContain(reason)
      expect(result.stderr).not.toContain('FAIL')
      expect(result.code).toBe(0)
    }
    expect(existsSync(join(dir, 'reports'))).toBe(false)
  })

  it('--parallel: fails the run loudly when a worker dies mid-file, naming the file', () => {
    const dies = HEALTH_TEST.replace(
      "assertResponseMatchesOpenApiSchema(await request(app).get('/health'))",
      "assertResponseMatchesOpenApiSchema(await request(app).get('/health'))\n    process.exit(0)",
    )
    const { run } = project(
      { ...FILES, 'health.test.mjs': dies },
      { ...CONFIG, minEndpointCoverage: 0 },
      MOCHARC,
    )
    const result = run(['--parallel', '--jobs', '2'])
    expect(result.stderr).toMatch(
      /\[OpenAPI Coverage\] FATAL: 1 test file\(s\) stopped before handing over their contract observations \(the process died or was killed mid-file\): health\.test\.mjs\./,
    )
    expect(result.code).not.toBe(0)
  })
})
