import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  childEnv,
  consoleReport,
  copyExampleApp,
  coverageJsonText,
  describeRun,
  driftLines,
  makeTempRoot,
  runAppVitest,
  runChild,
  runContracttool,
} from '../../../packages/cli/test/example-app.test-kit.js'

/**
 * The app's contract suite under each runner, all three reading contracttool.config.json: Vitest with
 * @contracttool/vitest (src/pets.test.ts, src/health.test.ts), Jest with @contracttool/jest (the same files,
 * jest.config.cjs) and node:test with @contracttool/node-test (node-test/*.test.mjs, the same calls over the
 * built app) write the same coverage JSON, but for its timestamp, and print the same console report and
 * strict-required drift. So do two Jest shards merged by `contracttool coverage:merge`, and the same calls
 * under Mocha (mocha/*.test.mjs, chai and axios), serial and `--parallel`.
 */

const APP = resolve(import.meta.dirname, '..')
const SUITE = ['src/pets.test.ts', 'src/health.test.ts']
const VITEST_CONFIG = `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [contractTesting()],
  test: { name: 'petstore-express', include: ${JSON.stringify(SUITE)} },
})
`
const JEST_CONFIG = `const config = require('./jest.config.cjs')

module.exports = { ...config, testMatch: ${JSON.stringify(SUITE.map((file) => `**/${file}`))} }
`

type RunName = 'vitest' | 'jest' | 'node' | 'mocha' | 'mochaParallel' | 'shard1' | 'shard2' | 'merge'

function runJest(app: string, args: readonly string[]): Promise<ChildRun> {
  return runChild(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings',
      'node_modules/jest/bin/jest.js',
      '--ci',
      '--maxWorkers=2',
      '--config',
      'jest.agree.config.cjs',
      ...args,
    ],
    { cwd: app, env: childEnv() },
  )
}

function runNodeTest(app: string): Promise<ChildRun> {
  return runChild(
    process.execPath,
    [
      '--import',
      '@contracttool/node-test/register',
      '--test-reporter=@contracttool/node-test/reporter',
      '--test',
      'node-test/health.test.mjs',
      'node-test/pets.test.mjs',
    ],
    { cwd: app, env: childEnv() },
  )
}

// The same calls under Mocha (mocha/*.test.mjs: chai over supertest and axios, and node:assert-style checks).
function runMocha(app: string, args: readonly string[]): Promise<ChildRun> {
  return runChild(
    process.execPath,
    ['node_modules/mocha/bin/mocha.js', '--config', 'mocha/.mocharc.json', ...args],
    { cwd: app, env: childEnv() },
  )
}

describe('the suite under Vitest, Jest and node:test, and under sharded Jest + coverage:merge', () => {
  let root: string
  let app: string
  const runs: Record<RunName, ChildRun> = {} as never
  const json: Record<'vitest' | 'jest' | 'node' | 'mocha' | 'mochaParallel' | 'merge', string> = {} as never

  beforeAll(async () => {
    assertBuildsExist()
    if (!existsSync(join(APP, 'dist/app.js'))) {
      throw new Error(
        'Missing build output: dist/app.js. Build the app first: pnpm --filter @contracttool/demo-petstore-express build',
      )
    }
    root = makeTempRoot('contracttool-runners-agree-')
    app = copyExampleApp('petstore-express', root)
    writeFileSync(join(app, 'vitest.agree.config.ts'), VITEST_CONFIG)
    writeFileSync(join(app, 'jest.agree.config.cjs'), JEST_CONFIG)
    const keep = (name: keyof typeof json) => {
      const file = join(app, 'reports', `${name}.json`)
      renameSync(join(app, 'reports/coverage.json'), file)
      json[name] = coverageJsonText(file)
    }
    runs.vitest = await runAppVitest(app, 'vitest', ['--config', 'vitest.agree.config.ts'])
    keep('vitest')
    runs.jest = await runJest(app, [])
    keep('jest')
    runs.node = await runNodeTest(app)
    keep('node')
    runs.mocha = await runMocha(app, [])
    keep('mocha')
    runs.mochaParallel = await runMocha(app, ['--parallel', '--jobs=2'])
    keep('mochaParallel')
    // No sidecarDir: shards write to the project's .contracttool/sidecars, where coverage:merge reads.
    runs.shard1 = await runJest(app, ['--shard=1/2'])
    runs.shard2 = await runJest(app, ['--shard=2/2'])
    runs.merge = await runContracttool(['coverage:merge', '--json-output=reports/merge.json'], { cwd: app })
    json.merge = coverageJsonText(join(app, 'reports/merge.json'))
  })

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it('runs green under every runner', () => {
    for (const run of Object.values(runs)) expect(run.code, describeRun(run)).toBe(0)
    for (const shard of [runs.shard1, runs.shard2]) {
      expect(shard.stderr, describeRun(shard)).toContain(
        `[OpenAPI Coverage] NOTE: wrote this run's observations to ${join(app, '.contracttool', 'sidecars')}/part-jest-shard-`,
      )
      expect(shard.stdout).not.toContain('OpenAPI Contract Test Coverage')
    }
  })

  it('writes the same coverage JSON, but for its timestamp', () => {
    expect(json.vitest).toContain('"schema_version": 3')
    expect(json.jest).toBe(json.vitest)
    expect(json.node).toBe(json.vitest)
    expect(json.mocha).toBe(json.vitest)
    expect(json.mochaParallel).toBe(json.vitest)
    expect(json.merge).toBe(json.vitest)
  })

  it('prints the same console report', () => {
    const vitest = consoleReport(runs.vitest.stdout)
    expect(vitest, describeRun(runs.vitest)).toContain('[petstore] endpoints: 6/7 fully covered')
    for (const name of ['jest', 'node', 'mocha', 'mochaParallel', 'merge'] as const) {
      expect(consoleReport(runs[name].stdout), describeRun(runs[name])).toBe(vitest)
    }
  })

  it('prints the same strict-required drift, each run naming its own settings', () => {
    const drift = driftLines(runs.vitest.stderr)
    expect(drift.length).toBeGreaterThan(0)
    expect(driftLines(runs.jest.stderr)).toEqual(drift)
    expect(driftLines(runs.node.stderr)).toEqual(drift)
    expect(driftLines(runs.mocha.stderr)).toEqual(drift)
    expect(driftLines(runs.mochaParallel.stderr)).toEqual(drift)
    expect(runs.jest.stderr).toContain(
      "Configuration: withContractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) or strictRequired in contracttool.config.*",
    )
  })
})
