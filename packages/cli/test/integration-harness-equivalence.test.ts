import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  consoleReport,
  copyExampleApp,
  coverageJsonText,
  describeRun,
  driftLines,
  makeTempRoot,
  REPO_ROOT,
  runAppVitest,
  runChild,
  runContracttool,
} from './example-app.test-kit.js'

/**
 * One suite, three runners, one result: the Express example's contract suite (`pets.test.ts`,
 * `health.test.ts`) run by Vitest with the plugin, by a plain Node script through `createContractRun()` of
 * `@contracttool/harness`, and by two Vitest shards whose sidecars `contracttool coverage:merge` merges. All
 * three read their options from the same `contracttool.config.json` and must write the same coverage JSON,
 * byte for byte but for its timestamp, and print the same console report.
 */

const HARNESS_DIR = join(REPO_ROOT, 'packages/harness')
const SUITE_FILES = ['pets.test.ts', 'health.test.ts']

// The app's own plugin options, shared by every runner through the config file.
const CONFIG = {
  specBasePath: 'openapi',
  specs: ['petstore'],
  defaultSpec: 'petstore',
  validateRequest: true,
  skipRequestValidationResponseCodes: ['400', '401', '422'],
  consoleOutput: 'all',
  strictRequired: 'warn',
  strictAdditionalProperties: 'warn',
  minEndpointCoverage: 90,
  jsonOutput: 'reports/vitest.json',
}

const VITEST_CONFIG = `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [contractTesting()],
  test: { name: 'petstore-express', include: ${JSON.stringify(SUITE_FILES.map((file) => `src/${file}`))} },
})
`

// The few parts of Vitest's API the suite uses, for a script that runs it without Vitest: tests run in
// order, each after the beforeEach hooks registered before it; the contract matchers are the run's checks.
const SUITE_SHIM = `import assert from 'node:assert/strict'

export const tests = []
const names = []
let hooks = []
let run

export function useRun(value) { run = value }
export function startFile() { hooks = [] }
export function openApiSpec() {}
export function beforeEach(hook) { hooks.push(hook) }
export function describe(name, body) { names.push(name); body(); names.pop() }
export function test(name, body) { tests.push({ name: [...names, name].join(' > '), body, hooks: [...hooks] }) }
export function expect(actual) {
  return {
    toBe: (expected) => assert.equal(actual, expected),
    toHaveLength: (length) => assert.equal(actual.length, length),
    toMatchOpenApiSchema: (options) => run.assertResponse(actual, options),
    toMatchOpenApiRequest: (options) => run.assertRequest(actual, options),
  }
}
`

const SCRIPT = `import { createContractRun } from '@contracttool/harness'
import { startFile, tests, useRun } from './suite.js'

const run = await createContractRun({ jsonOutput: 'reports/script.json' })
useRun(run)
for (const file of ${JSON.stringify(SUITE_FILES.map((file) => `./${file.replace(/\.ts$/, '.js')}`))}) {
  startFile()
  await import(file)
}
let failed = 0
for (const { name, body, hooks } of tests) {
  try {
    for (const hook of hooks) await hook()
    await body()
  } catch (error) {
    failed++
    console.error('FAIL ' + name + ': ' + error.message)
  }
}
const { exitCode } = await run.finish()
process.exitCode = failed > 0 ? 1 : exitCode
`

/** The app's TypeScript, as the JavaScript a plain script imports; the suite imports the shim for Vitest. */
function writePlainSuite(app: string): string {
  const plain = join(app, 'plain')
  mkdirSync(join(plain, 'node_modules', '@contracttool'), { recursive: true })
  symlinkSync(HARNESS_DIR, join(plain, 'node_modules', '@contracttool', 'harness'), 'dir')
  for (const file of ['app.ts', 'pet-store.ts', ...SUITE_FILES]) {
    const source = readFileSync(join(app, 'src', file), 'utf8').replace(
      /from '(?:vitest|@contracttool\/vitest)'/g,
      "from './suite.js'",
    )
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    })
    writeFileSync(join(plain, file.replace(/\.ts$/, '.js')), outputText)
  }
  writeFileSync(join(plain, 'suite.js'), SUITE_SHIM)
  writeFileSync(join(plain, 'run.js'), SCRIPT)
  return join(plain, 'run.js')
}

describe('one suite through Vitest, createContractRun() and sharded Vitest + coverage:merge', () => {
  let app: string
  const runs: Record<'vitest' | 'script' | 'shard1' | 'shard2' | 'merge', ChildRun> = {} as never

  beforeAll(async () => {
    assertBuildsExist()
    if (!existsSync(join(HARNESS_DIR, 'dist/index.js'))) {
      throw new Error('Missing build output: @contracttool/harness (packages/harness/dist/index.js).')
    }
    app = copyExampleApp('petstore-express', makeTempRoot('contracttool-it-harness-'))
    writeFileSync(join(app, 'contracttool.config.json'), `${JSON.stringify(CONFIG, null, 2)}\n`)
    writeFileSync(join(app, 'vitest.equivalence.config.ts'), VITEST_CONFIG)
    const config = ['--config', 'vitest.equivalence.config.ts']
    runs.vitest = await runAppVitest(app, 'vitest', config)
    runs.script = await runChild(process.execPath, [writePlainSuite(app)], { cwd: app })
    // No sidecarDir: shards write to the project's .contracttool/sidecars, where coverage:merge reads.
    runs.shard1 = await runAppVitest(app, 'shard-1', [...config, '--shard=1/2'])
    runs.shard2 = await runAppVitest(app, 'shard-2', [...config, '--shard=2/2'])
    runs.merge = await runContracttool(['coverage:merge', '--json-output=reports/merge.json'], { cwd: app })
  })

  it('runs the suite green everywhere', () => {
    for (const run of Object.values(runs)) expect(run.code, describeRun(run)).toBe(0)
    const sidecars = join(app, '.contracttool', 'sidecars')
    for (const shard of [runs.shard1, runs.shard2]) {
      expect(shard.stderr, describeRun(shard)).toContain(
        `[OpenAPI Coverage] NOTE: wrote this run's observations to ${sidecars}/part-petstore-express-shard-`,
      )
    }
  })

  it('writes byte-identical coverage JSON, but for its timestamp', () => {
    const vitest = coverageJsonText(join(app, 'reports/vitest.json'))
    expect(vitest).toContain('"schema_version": 3')
    expect(coverageJsonText(join(app, 'reports/script.json'))).toBe(vitest)
    expect(coverageJsonText(join(app, 'reports/merge.json'))).toBe(vitest)
  })

  it('prints the same console report', () => {
    const vitest = consoleReport(runs.vitest.stdout)
    expect(vitest, describeRun(runs.vitest)).toContain('[petstore] endpoints:')
    expect(consoleReport(runs.script.stdout), describeRun(runs.script)).toBe(vitest)
    expect(consoleReport(runs.merge.stdout), describeRun(runs.merge)).toBe(vitest)
  })

  it('prints the same gate verdicts, each naming its own settings', () => {
    const drift = (run: ChildRun) => driftLines(run.stderr)
    expect(drift(runs.vitest).length).toBeGreaterThan(0)
    expect(drift(runs.script)).toEqual(drift(runs.vitest))
    expect(drift(runs.merge)).toEqual(drift(runs.vitest))
    expect(runs.vitest.stderr).toContain("or set `strictRequired: 'off'` if intentional.")
    expect(runs.script.stderr).toContain("or set `strictRequired: 'off'` if intentional.")
    expect(runs.merge.stderr).toContain('or set `--strict-required=off` if intentional.')
  })
})
