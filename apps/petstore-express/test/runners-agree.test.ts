import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
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
 * strict-required drift. So do two Jest shards merged by `contracttool coverage:merge`, the same calls under
 * Mocha (mocha/*.test.mjs, chai and axios), serial and `--parallel`, and Playwright with
 * @contracttool/playwright (playwright/, the same calls through the request fixture against the app as its
 * webServer), run whole and as two blob-reporting shards merged by `playwright merge-reports`.
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
// The Playwright suite without its page test (the Vitest suite has none), and without the browser set-up.
const PLAYWRIGHT_CONFIG = `import config from './playwright.config.ts'

export default { ...config, globalSetup: undefined, testIgnore: '**/page.spec.ts' }
`
const JEST_CONFIG = `const config = require('./jest.config.cjs')

module.exports = { ...config, testMatch: ${JSON.stringify(SUITE.map((file) => `**/${file}`))} }
`

type RunName =
  | 'vitest'
  | 'jest'
  | 'node'
  | 'mocha'
  | 'mochaParallel'
  | 'shard1'
  | 'shard2'
  | 'merge'
  | 'playwright'
  | 'playwrightShard1'
  | 'playwrightShard2'
  | 'playwrightMerge'

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

function runPlaywright(
  app: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ChildRun> {
  return runChild(process.execPath, ['node_modules/@playwright/test/cli.js', ...args], {
    cwd: app,
    env: childEnv(env),
  })
}

/** Two blob-reporting shards of the Playwright suite, merged by `playwright merge-reports` with the config. */
async function runPlaywrightBlobShards(app: string, runs: Record<RunName, ChildRun>): Promise<void> {
  for (const index of [1, 2] as const) {
    const dir = `blob-${index}`
    runs[`playwrightShard${index}`] = await runPlaywright(
      app,
      ['test', '--config', 'playwright.agree.config.ts', `--shard=${index}/2`, '--reporter=blob'],
      { PLAYWRIGHT_BLOB_OUTPUT_DIR: dir },
    )
    mkdirSync(join(app, 'all-blob-reports'), { recursive: true })
    for (const file of readdirSync(join(app, dir)))
      copyFileSync(join(app, dir, file), join(app, 'all-blob-reports', file))
  }
  runs.playwrightMerge = await runPlaywright(app, [
    'merge-reports',
    '--config',
    'playwright.agree.config.ts',
    'all-blob-reports',
  ])
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

describe('the suite under Vitest, Jest, node:test, Mocha and Playwright, under sharded Jest + coverage:merge, and under blob-reporting Playwright shards + merge-reports', () => {
  let root: string
  let app: string
  const runs: Record<RunName, ChildRun> = {} as never
  const json: Record<
    'vitest' | 'jest' | 'node' | 'mocha' | 'mochaParallel' | 'merge' | 'playwright' | 'playwrightMerge',
    string
  > = {} as never

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
    writeFileSync(join(app, 'playwright.agree.config.ts'), PLAYWRIGHT_CONFIG)
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
    runs.playwright = await runPlaywright(app, ['test', '--config', 'playwright.agree.config.ts'])
    keep('playwright')
    await runPlaywrightBlobShards(app, runs)
    keep('playwrightMerge')
    // No sidecarDir: shards write to the project's .contracttool/sidecars, where coverage:merge reads.
    runs.shard1 = await runJest(app, ['--shard=1/2'])
    runs.shard2 = await runJest(app, ['--shard=2/2'])
    runs.merge = await runContracttool(['coverage:merge', '--json-output=reports/merge.json'], { cwd: app })
    json.merge = coverageJsonText(join(app, 'reports/merge.json'))
    // A safety net, not a timing assertion: eleven runs of five runners, one after the other.
  }, 600_000)

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
    expect(json.playwright).toBe(json.vitest)
    expect(json.playwrightMerge).toBe(json.vitest)
  })

  it('prints the same console report', () => {
    const vitest = consoleReport(runs.vitest.stdout)
    expect(vitest, describeRun(runs.vitest)).toContain('[petstore] endpoints: 6/7 fully covered')
    for (const name of [
      'jest',
      'node',
      'mocha',
      'mochaParallel',
      'merge',
      'playwright',
      'playwrightMerge',
    ] as const) {
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
    expect(driftLines(runs.playwright.stderr)).toEqual(drift)
    expect(driftLines(runs.playwrightMerge.stderr)).toEqual(drift)
    expect(runs.jest.stderr).toContain(
      "Configuration: withContractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) or strictRequired in contracttool.config.*",
    )
  })
})
