import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  childEnv,
  consoleReport,
  copyExampleApp,
  describeRun,
  makeTempRoot,
  runAppVitest,
  runContracttool,
  type VitestRun,
} from './example-app.test-kit.js'

/**
 * The Express example's contract suite, run whole and as two CI shards: `contracttool coverage:merge` over
 * the shards' sidecars, given nothing but `--sidecar-dir`, must produce the reports and the gate verdict the
 * whole run produced. The options live in `contractTesting()` (no `contracttool.config.*` for the merge to
 * read): the merge learns them from the sidecars. The app runs from a temporary copy because its options
 * write its reports into its own folder.
 */
describe('petstore-express: two shards merged by coverage:merge equal one full run', () => {
  let root: string
  let app: string
  let sidecars: string
  let whole: { json: string; markdown: string }
  let shards: VitestRun[]
  let full: VitestRun
  let merge: ChildRun
  let sidecarsAfterShards: string[]
  let reportsAfterShards: boolean

  beforeAll(async () => {
    assertBuildsExist()
    root = makeTempRoot('contracttool-it-shards-')
    app = copyExampleApp('petstore-express', root)
    // The options move from contracttool.config.json into the plugin call, where a Vitest user keeps them.
    renameSync(join(app, 'contracttool.config.json'), join(app, 'contract-options.json'))
    const config = join(app, 'vitest.config.ts')
    writeFileSync(
      config,
      `import { readFileSync } from 'node:fs'\n${readFileSync(config, 'utf8').replace(
        'contractTesting()',
        "contractTesting(JSON.parse(readFileSync(new URL('./contract-options.json', import.meta.url), 'utf8')))",
      )}`,
    )
    sidecars = join(root, 'sidecars')
    mkdirSync(sidecars, { mode: 0o700 })

    const shardEnv = childEnv({ CONTRACTTOOL_SIDECAR_DIR: sidecars })
    shards = [
      await runAppVitest(app, 'shard-1', ['--shard=1/2'], shardEnv),
      await runAppVitest(app, 'shard-2', ['--shard=2/2'], shardEnv),
    ]
    sidecarsAfterShards = readdirSync(sidecars).sort()
    reportsAfterShards = existsSync(join(app, 'reports'))
    full = await runAppVitest(app, 'full', [])
    whole = {
      json: readFileSync(join(app, 'reports/coverage.json'), 'utf8'),
      markdown: readFileSync(join(app, 'reports/coverage.md'), 'utf8'),
    }
    rmSync(join(app, 'reports'), { recursive: true })
    // What the shards print, and nothing else.
    merge = await runContracttool(['coverage:merge', `--sidecar-dir=${sidecars}`], { cwd: app })
  }, 180_000)

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it('runs each shard green, every test file in exactly one shard', () => {
    for (const shard of shards) {
      expect(shard.code, describeRun(shard)).toBe(0)
      expect(shard.results?.numFailedTests, describeRun(shard)).toBe(0)
    }
    expect(full.code, describeRun(full)).toBe(0)
    const files = (run: VitestRun) => (run.results?.testResults ?? []).map((file) => relative(app, file.name))
    const sharded = shards.flatMap(files)
    expect(sharded.sort()).toEqual(files(full).sort())
    expect(new Set(sharded).size).toBe(sharded.length)
    expect(shards.every((shard) => files(shard).length > 0)).toBe(true)
    const tests = shards.reduce((sum, shard) => sum + (shard.results?.numPassedTests ?? 0), 0)
    expect(tests).toBe(full.results?.numPassedTests)
    expect(tests).toBe(19)
  })

  it('leaves one sidecar per shard and no report, prints no coverage report and evaluates no gate', () => {
    expect(sidecarsAfterShards).toEqual([
      expect.stringMatching(/^part-petstore-express-shard-1-of-2-\d+\.json$/),
      expect.stringMatching(/^part-petstore-express-shard-2-of-2-\d+\.json$/),
    ])
    expect(reportsAfterShards).toBe(false)
    for (const [i, shard] of shards.entries()) {
      const output = `${shard.stdout}\n${shard.stderr}`
      expect(consoleReport(shard.stdout), describeRun(shard)).toBeUndefined()
      expect(output).not.toContain('OpenAPI Contract Test Coverage')
      expect(output).not.toMatch(/\[OpenAPI [^\]]+\] (WARN|WARNING|FAIL|FATAL):/)
      expect(output).not.toContain('skipped on partial runs')
      expect(shard.stderr.trim()).toBe(
        `[OpenAPI Coverage] NOTE: wrote this run's observations to ${join(sidecars, sidecarsAfterShards[i]!)}; ` +
          `reports and gates are left to \`contracttool coverage:merge --sidecar-dir ${sidecars}\` once every shard has run ` +
          "(the sidecar carries this run's options; flags given to the merge win).",
      )
    }
  })

  it('evaluates the gate on the full run (so its absence from the shards means something)', () => {
    expect(full.stderr, describeRun(full)).toContain(
      '[OpenAPI Coverage] WARN: endpoint coverage 85.7% < threshold 90%.',
    )
    expect(consoleReport(full.stdout), describeRun(full)).toBeDefined()
    expect(existsSync(join(app, 'reports/coverage.json'))).toBe(true)
  })

  it('merges the shards into the coverage JSON of the full run, generated_at aside', () => {
    expect(merge.code, describeRun(merge)).toBe(0)
    const read = (text: string) => {
      const { generated_at, ...rest } = JSON.parse(text) as Record<string, unknown>
      expect(generated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
      return rest
    }
    const merged = read(readFileSync(join(app, 'reports/coverage.json'), 'utf8'))
    const full = read(whole.json)
    // A suite that covered nothing would also compare equal: pin what the full run saw first.
    expect(full.aggregate).toMatchObject({
      endpoint_total: 7,
      endpoint_fully_covered: 6,
      endpoint_uncovered: 1,
      response_total: 17,
      response_covered: 15,
      response_uncovered: 2,
    })
    expect(merged.aggregate).toEqual(full.aggregate)
    const endpoints = (json: Record<string, unknown>) =>
      (json.specs as { petstore: { endpoints: unknown[] } }).petstore.endpoints
    expect(endpoints(merged)).toEqual(endpoints(full))
    expect(merged).toEqual(full)
    expect(readFileSync(join(app, 'reports/coverage.md'), 'utf8')).toBe(whole.markdown)
  })

  it('renders the same console report and gate verdict as the full run, then removes the merged sidecars', () => {
    const report = consoleReport(merge.stdout)
    expect(report, describeRun(merge)).toBeDefined()
    expect(report).toBe(consoleReport(full.stdout))
    expect(report).toContain(
      '  ✓ GET /pets  (2/2 responses)\n      ✓ 200    application/json                [2]',
    )
    // The gate the options configure, as the full run evaluated it.
    expect(merge.stderr, describeRun(merge)).toContain(
      '[OpenAPI Coverage] WARN: endpoint coverage 85.7% < threshold 90%.',
    )
    expect(readdirSync(sidecars)).toEqual([])
  })
})
