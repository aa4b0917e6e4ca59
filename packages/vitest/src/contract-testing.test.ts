import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildCoverageJson, computeCoverage, mergeSidecars, readSidecars } from '@contracttool/coverage'
import {
  encodeSpecCacheRecord,
  readSpecCacheRecord,
  type SpecCacheRecord,
} from '@contracttool/harness/checks'
import type { JsonObject } from '@contracttool/kernel'
import { loadSpec } from '@contracttool/spec-loader'
import { afterAll, describe, expect, it } from 'vitest'
import { removeRuns, runContractVitest, writeProject } from './run-contract-vitest.test-kit.js'

const APP = `
import express from 'express'
export const app = express()
app.get('/pets', (_req, res) => {
  res.set('X-Rate-Limit', '10').json([{ id: 1, name: 'Tom', tag: 'indoor', kind: 'cat', createdAt: '2024-01-15T09:30:00Z' }])
})
app.get('/pets/:petId', (req, res) => {
  if (req.params.petId === '1') res.json({ id: 1, name: 'Tom', kind: 'cat' })
  else res.status(404).type('application/problem+json').send({ type: 'about:blank', title: 'Not Found', status: 404 })
})
app.get('/health', (_req, res) => { res.json({ status: 'ok', uptime: 12 }) })
`

const LIST = `
import request from 'supertest'
import { expect, test } from 'vitest'
import { openApiSpec } from '@contracttool/vitest'
import { app } from './app.js'

openApiSpec('petstore')

test('lists pets', async () => {
  const res = await request(app).get('/pets')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})

test('lists pets again', async () => {
  expect(await request(app).get('/pets?limit=5')).toMatchOpenApiSchema()
})
`

const ONE = `
import request from 'supertest'
import { describe, expect, test } from 'vitest'
import { app } from './app.js'

describe('one pet', () => {
  test('found', async () => {
    expect(await request(app).get('/pets/1')).toMatchOpenApiSchema()
  })
  test('not found', async () => {
    expect(await request(app).get('/pets/2')).toMatchOpenApiSchema()
  })
})
`

const HEALTH = `
import request from 'supertest'
import { expect, test } from 'vitest'
import { app } from './app.js'

test('health', async () => {
  expect(await request(app).get('/health')).toMatchOpenApiSchema()
})
`

const SUITE = { 'app.ts': APP, 'list.test.ts': LIST, 'one.test.ts': ONE, 'health.test.ts': HEALTH }
const PLUGIN = {
  specBasePath: 'openapi',
  specs: ['petstore'],
  defaultSpec: 'petstore',
  jsonOutput: 'coverage.json',
}
const MARKER = `
import { writeFileSync } from 'node:fs'
import { test } from 'vitest'
test('ran', () => { writeFileSync(new URL('./ran.txt', import.meta.url), 'yes') })
`

afterAll(() => removeRuns())

function coverageJson(dir: string): Record<string, unknown> {
  const { generated_at: _generatedAt, ...rest } = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8'))
  return rest
}

describe('contractTesting() in a real Vitest run', { timeout: 300_000 }, () => {
  it('registers the matchers, carries observations to the main process and prints the coverage report', async () => {
    const run = await runContractVitest(SUITE, { plugin: PLUGIN })
    expect(run.startError).toBeUndefined()
    expect(run.tests).toEqual({
      'lists pets': 'passed',
      'lists pets again': 'passed',
      'one pet > found': 'passed',
      'one pet > not found': 'passed',
      health: 'passed',
    })
    expect(run.stdout).toContain('OpenAPI Contract Test Coverage')
    expect(run.stdout).toContain('[petstore] endpoints: 2/8 fully covered (25%), 1 partial, 5 uncovered')
    expect(run.stdout).toContain('  ✓ GET /pets/{petId}  (2/2 responses)')
    expect(run.exitCode).toBe(0)
    const json = coverageJson(run.dir)
    expect(json.schema_version).toBe(3)
  })

  it('produces the same coverage under forks, threads and isolate: false', async () => {
    const forks = await runContractVitest(SUITE, { plugin: PLUGIN, config: { pool: 'forks' } })
    const threads = await runContractVitest(SUITE, { plugin: PLUGIN, config: { pool: 'threads' } })
    const shared = await runContractVitest(SUITE, {
      plugin: PLUGIN,
      config: { pool: 'forks', isolate: false, maxWorkers: 1 },
    })
    expect(coverageJson(threads.dir)).toEqual(coverageJson(forks.dir))
    expect(coverageJson(shared.dir)).toEqual(coverageJson(forks.dir))
  })

  it('writes one sidecar per --shard and renders nothing; merging the shards gives the full-run coverage', async () => {
    const full = await runContractVitest(SUITE, { plugin: PLUGIN })
    const first = await runContractVitest(SUITE, {
      plugin: { ...PLUGIN, sidecarDir: 'sidecars' },
      config: { shard: '1/2' },
    })
    const second = await runContractVitest(SUITE, {
      plugin: { ...PLUGIN, sidecarDir: 'sidecars' },
      config: { shard: '2/2' },
      dir: first.dir,
    })
    for (const shard of [first, second]) {
      expect(shard.stdout).not.toContain('OpenAPI Contract Test Coverage')
      expect(shard.stderr).toMatch(
        /\[OpenAPI Coverage\] NOTE: wrote this run's observations to .*part-vitest-shard-\d-of-2-\d+\.json/,
      )
    }
    expect(existsSync(join(first.dir, 'coverage.json'))).toBe(false)
    const { envelopes } = readSidecars(join(first.dir, 'sidecars'))
    expect(envelopes).toHaveLength(2)
    const spec = await loadSpec('petstore', { basePath: join(first.dir, 'openapi') })
    const merged = computeCoverage([spec], mergeSidecars(envelopes).tracker)
    const { generated_at: _at, ...mergedJson } = buildCoverageJson(merged, {
      toolVersion: 'x',
    }) as unknown as Record<string, unknown>
    const { tool: _tool, ...fullJson } = coverageJson(full.dir)
    expect({ ...mergedJson, tool: undefined }).toEqual({ ...fullJson, tool: undefined })
  })

  it('notices a test file whose worker died: names it, fails the run, and leaves a shard a failure marker the merge refuses', async () => {
    const dies = `
import request from 'supertest'
import { expect, test } from 'vitest'
import { app } from './app.js'

test('records, then its worker dies', async () => {
  expect(await request(app).get('/pets/1')).toMatchOpenApiSchema({ spec: 'petstore' })
  process.kill(process.pid, 'SIGKILL')
})
`
    const files = { ...SUITE, 'dies.test.ts': dies }
    const gated = { ...PLUGIN, minEndpointCoverage: 1 }
    const run = await runContractVitest(files, { plugin: gated, config: { pool: 'forks' } })
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toMatch(
      /\[OpenAPI Coverage\] FATAL: 1 test file\(s\) stopped before handing over their contract observations \(the process died or was killed mid-file\): \S*dies\.test\.ts\./,
    )
    expect(run.stderr).toContain('a test file stopped before handing over its observations')
    expect(existsSync(join(run.dir, 'coverage.json'))).toBe(false)

    const shard = await runContractVitest(files, {
      plugin: { ...gated, sidecarDir: 'sidecars' },
      config: { pool: 'forks', shard: '1/1' },
    })
    expect(shard.exitCode).toBe(1)
    expect(readdirSync(join(shard.dir, 'sidecars'))).toEqual([
      expect.stringMatching(/^failed-vitest-shard-1-of-1-\d+\.json$/),
    ])
    expect(() => readSidecars(join(shard.dir, 'sidecars'))).toThrow(/dies\.test\.ts/)
  })

  it('treats a name filter as a partial run: one NOTE, no gate, no report files', async () => {
    const run = await runContractVitest(SUITE, {
      plugin: { ...PLUGIN, minEndpointCoverage: 100, minCoverageStrict: true },
      config: { testNamePattern: 'lists' },
    })
    expect(run.stderr).toContain(
      '[OpenAPI Coverage] NOTE: the coverage threshold gate is skipped on partial runs (-t /lists/)',
    )
    expect(run.stderr).toContain(
      '[OpenAPI Coverage] WARNING: Skipping JSON write because Vitest is running a partial subset',
    )
    expect(existsSync(join(run.dir, 'coverage.json'))).toBe(false)
    expect(run.exitCode).toBe(0)
  })

  it('prints the coverage table of a partial run whose every contract test was skipped, with the NOTE', async () => {
    const run = await runContractVitest(SUITE, {
      plugin: PLUGIN,
      config: { testNamePattern: 'no such test' },
    })
    expect(Object.values(run.tests).every((state) => state === 'skipped')).toBe(true)
    expect(run.stdout).toContain('OpenAPI Contract Test Coverage')
    expect(run.stdout).toMatch(/\[petstore\] endpoints: 0\/\d+ fully covered \(0%\)/)
    expect(run.stderr).toContain(
      '[OpenAPI Coverage] NOTE: the coverage threshold gate is skipped on partial runs',
    )
    expect(run.exitCode).toBe(0)
  })

  it('fails the run on a report it cannot write, and still writes the others', async () => {
    const dir = writeProject(SUITE)
    mkdirSync(join(dir, 'taken.json'))
    const run = await runContractVitest(SUITE, {
      dir,
      plugin: { ...PLUGIN, jsonOutput: 'taken.json', outputFile: 'coverage.md' },
    })
    expect(run.stderr).toContain(
      `[OpenAPI Coverage] FATAL: Cannot write ${join(dir, 'taken.json')}: a directory exists at this path`,
    )
    expect(readFileSync(join(dir, 'coverage.md'), 'utf8')).toContain('/pets')
    expect(run.exitCode).toBe(1)
  })

  it('treats a file filter as a partial run', async () => {
    const run = await runContractVitest(SUITE, { plugin: PLUGIN, filters: ['health'] })
    expect(run.tests).toEqual({ health: 'passed' })
    expect(run.stderr).toContain('partial runs (test file filters (health))')
  })

  it('fails the run when a strict threshold is missed', async () => {
    const run = await runContractVitest(SUITE, {
      plugin: { ...PLUGIN, minEndpointCoverage: 80, minCoverageStrict: true },
    })
    expect(run.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage 25% < threshold 80%.')
    expect(run.exitCode).toBe(1)
  })

  it('fails the run on strict-required drift in fail mode, and reports undeclared properties', async () => {
    const run = await runContractVitest(SUITE, {
      plugin: { ...PLUGIN, strictRequired: 'fail', strictAdditionalProperties: 'warn' },
    })
    expect(run.stderr).toContain('GET /pets  200  application/json:[*]')
    expect(run.stderr).toMatch(/- createdAt\n\s+- tag/)
    expect(run.stderr).toContain(
      "/uptime (uptime) — spec 'petstore', GET /health, 200, application/json; observed in 1 response(s)",
    )
    expect(run.exitCode).toBe(1)
  })

  it('reads contracttool.config.ts at the project root; plugin options win', async () => {
    const run = await runContractVitest(
      {
        ...SUITE,
        'contracttool.config.ts': `export default { specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore', consoleOutput: 'all' as const }`,
      },
      { plugin: { consoleOutput: 'uncovered_only' } },
    )
    expect(run.startError).toBeUndefined()
    // uncovered_only (the plugin's value) lists only rows still to cover; all (the file's) would list validated ones too.
    expect(run.stdout).toMatch(/^ {6}✗ /m)
    expect(run.stdout).not.toMatch(/^ {6}✓ /m)
  })

  it('takes the spec from the last run while its files are unchanged, and loads it again once edited', async () => {
    const dir = writeProject(SUITE)
    const spec = join(dir, 'openapi', 'petstore.json')
    // As files are between runs: a spec written just before a run is not kept for the next one.
    const settle = () => utimesSync(spec, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    settle()
    await runContractVitest({}, { plugin: PLUGIN, dir })
    const cacheDir = join(dir, 'node_modules', '.vite')
    const [record] = readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('petstore.bin'))
      .map((name) => join(cacheDir, name))
    // What only the cache says: an endpoint added to the kept document shows in the next run's report.
    const kept = readSpecCacheRecord(record as string, 'petstore') as SpecCacheRecord
    ;(kept.document.paths as JsonObject)['/kept'] = { get: { responses: { '200': { description: 'OK' } } } }
    writeFileSync(record as string, encodeSpecCacheRecord(kept))

    const reused = await runContractVitest({}, { plugin: PLUGIN, dir })
    expect(reused.stdout).toContain('[petstore] endpoints: 2/9 fully covered')
    expect(reused.stdout).toContain('GET /kept')
    expect(Object.values(reused.tests)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed'])

    writeFileSync(spec, `${readFileSync(spec, 'utf8')}\n`)
    settle()
    const edited = await runContractVitest({}, { plugin: PLUGIN, dir })
    expect(edited.stdout).toContain('[petstore] endpoints: 2/8 fully covered')
    expect(edited.stdout).not.toContain('GET /kept')
  })

  it('fails the running test when a server-side adapter reports a violation through the runtime', async () => {
    const run = await runContractVitest(
      {
        'auto.test.ts': `
import { test } from 'vitest'
test('auto-asserted', () => {
  const runtime = (globalThis as any)[Symbol.for('contracttool.runtime')]
  runtime.fail(new Error('OpenAPI contract violation in the response (adapter)'))
})
test('clean', () => {})
`,
      },
      { plugin: PLUGIN },
    )
    expect(run.tests).toEqual({ 'auto-asserted': 'failed', clean: 'passed' })
  })
})

describe('contractTesting() stops the run before any test on bad configuration', { timeout: 60_000 }, () => {
  it.each([
    [
      "strictRequired: 'enforce'",
      { strictRequired: 'enforce' },
      /^FATAL: \[OpenAPI Strict Required\] strictRequired="?enforce"? is not recognised. Accepted: off, warn, fail/,
    ],
    [
      'an option of the wrong type',
      { specs: 'petstore' },
      /^FATAL: \[contracttool\] option 'specs' \(contractTesting\(\)\) must be an array of spec names/,
    ],
    [
      'a spec that is not there',
      { specs: ['petstore', 'orders'] },
      /^FATAL: \[contracttool\] spec 'orders' configured in specs is not loadable: .*orders/,
    ],
  ])('%s', async (_name, options, line) => {
    const run = await runContractVitest(
      { 'marker.test.ts': MARKER },
      { plugin: { specBasePath: 'openapi', specs: ['petstore'], ...options } },
    )
    expect(run.startError).toBeDefined()
    expect(run.stderr).toMatch(line)
    expect(run.tests).toEqual({})
    expect(existsSync(join(run.dir, 'ran.txt'))).toBe(false)
  })

  it('names the spec and the loader error when a spec is malformed', async () => {
    const first = await runContractVitest(
      { 'marker.test.ts': MARKER },
      { plugin: { specBasePath: 'openapi', specs: ['petstore'] } },
    )
    writeFileSync(join(first.dir, 'openapi', 'broken.json'), '{ "openapi": "3.1.0", ')
    const run = await runContractVitest(
      {},
      { plugin: { specBasePath: 'openapi', specs: ['broken'] }, dir: first.dir },
    )
    expect(run.stderr).toMatch(
      /^FATAL: \[contracttool\] spec 'broken' configured in specs is not loadable: .*JSON/m,
    )
    expect(run.stderr).toContain('Action: fix or add the file under')
  })
})
