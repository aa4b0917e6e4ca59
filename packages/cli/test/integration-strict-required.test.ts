import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  block,
  type ChildRun,
  childEnv,
  copyExampleApp,
  describeRun,
  editFile,
  makeTempRoot,
  REPO_ROOT,
  runAppVitest,
  runContracttool,
  type VitestRun,
} from './example-app.test-kit.js'

const FATAL = '[OpenAPI Strict Required] FATAL:'
const WARNING = '[OpenAPI Strict Required] WARNING:'
const strictBlock = (text: string, head: string) => block(text, head, 'Configuration:')

/**
 * The Express example returns `createdAt` in every pet although its schema leaves it out of `required`.
 * Its suite, with `strictRequired` at `warn` (the app's config) and `fail` (a copy of it), must report that
 * drift at the end of a full run, and `coverage:merge --strict-required` must do the same over the
 * sidecars of a sharded run, whose shards leave the gate alone.
 */
describe('petstore-express: strict_required finds createdAt', () => {
  const specBasePath = join(REPO_ROOT, 'apps/petstore-express/openapi')
  let root: string
  let sidecars: string
  let warn: VitestRun
  let fail: VitestRun
  let shards: VitestRun[]
  let mergeFail: ChildRun
  let mergeWarn: ChildRun

  beforeAll(async () => {
    assertBuildsExist()
    root = makeTempRoot('contracttool-it-strict-')
    const app = copyExampleApp('petstore-express', root)
    // A second Vitest config beside the app's own: the plugin's strictRequired 'fail' wins over the 'warn' of
    // the app's contracttool.config.json.
    const appOptions = JSON.parse(readFileSync(join(app, 'contracttool.config.json'), 'utf8')) as object
    expect(appOptions).toMatchObject({ strictRequired: 'warn' })
    const failConfig = join(app, 'vitest.strict-fail.config.ts')
    copyFileSync(join(app, 'vitest.config.ts'), failConfig)
    editFile(failConfig, 'contractTesting()', "contractTesting({ strictRequired: 'fail' })")

    warn = await runAppVitest(app, 'warn', [])
    fail = await runAppVitest(app, 'fail', ['--config', failConfig])

    sidecars = join(root, 'sidecars')
    mkdirSync(sidecars, { mode: 0o700 })
    const shardEnv = childEnv({ CONTRACTTOOL_SIDECAR_DIR: sidecars })
    shards = [
      await runAppVitest(app, 'shard-1', ['--config', failConfig, '--shard=1/2'], shardEnv),
      await runAppVitest(app, 'shard-2', ['--config', failConfig, '--shard=2/2'], shardEnv),
    ]
    const merge = (mode: string, ...extra: string[]) =>
      runContracttool(
        [
          'coverage:merge',
          `--spec-base-path=${specBasePath}`,
          '--specs=petstore',
          `--sidecar-dir=${sidecars}`,
          `--strict-required=${mode}`,
          // The shards' sidecars carry the app's other gates (an endpoint threshold, strict additional
          // properties): turned off here, so the strict_required block is all the merge prints.
          '--min-endpoint-coverage=0',
          '--strict-additional-properties=off',
          ...extra,
        ],
        { cwd: root },
      )
    mergeFail = await merge('fail', '--no-cleanup')
    mergeWarn = await merge('warn')
  }, 180_000)

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it("fails the full run under strictRequired: 'fail' although every test passed", () => {
    expect(fail.results?.numPassedTests, describeRun(fail)).toBe(19)
    expect(fail.results?.numFailedTests, describeRun(fail)).toBe(0)
    expect(fail.code, describeRun(fail)).toBe(1)
    expect(fail.stdout).not.toContain(FATAL)
    expect(strictBlock(fail.stderr, FATAL), describeRun(fail)).toMatchInlineSnapshot(`
      "[OpenAPI Strict Required] FATAL: 1 endpoint response(s) have always-present fields missing from \`required\`.

        GET /pets  200  application/json:[*]
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - createdAt

      Action: add these fields to the response schema's \`required\` array, or set \`strictRequired: 'off'\` if intentional.
      Configuration: contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) or strictRequired in contracttool.config.*"
    `)
  })

  it("passes the full run under the app's strictRequired: 'warn' with the WARNING block on stderr", () => {
    expect(warn.code, describeRun(warn)).toBe(0)
    expect(warn.stdout).not.toContain(WARNING)
    const fatal = strictBlock(fail.stderr, FATAL)
    expect(fatal).toBeDefined()
    expect(strictBlock(warn.stderr, WARNING), describeRun(warn)).toBe(fatal!.replace(FATAL, WARNING))
    expect(warn.stderr).not.toContain(FATAL)
  })

  it("leaves the gate to the merge on shards, even under strictRequired: 'fail'", () => {
    for (const shard of shards) {
      expect(shard.code, describeRun(shard)).toBe(0)
      expect(shard.results?.numFailedTests, describeRun(shard)).toBe(0)
      expect(`${shard.stdout}${shard.stderr}`).not.toContain('[OpenAPI Strict Required]')
    }
    expect(shards.reduce((sum, shard) => sum + (shard.results?.numPassedTests ?? 0), 0)).toBe(19)
  })

  it('fails coverage:merge --strict-required=fail over the shard sidecars with the same finding', () => {
    expect(mergeFail.code, describeRun(mergeFail)).toBe(1)
    expect(mergeFail.stdout, describeRun(mergeFail)).toContain('OpenAPI Contract Test Coverage')
    expect(mergeFail.stdout).not.toContain(FATAL)
    // Nothing but the block: no threshold is configured on the command line.
    expect(mergeFail.stderr.trimEnd()).toBe(strictBlock(mergeFail.stderr, FATAL))
    expect(mergeFail.stderr.trimEnd()).toMatchInlineSnapshot(`
      "[OpenAPI Strict Required] FATAL: 1 endpoint response(s) have always-present fields missing from \`required\`.

        GET /pets  200  application/json:[*]
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - createdAt

      Action: add these fields to the response schema's \`required\` array, or set \`--strict-required=off\` if intentional.
      Configuration: --strict-required=warn|fail|off on contracttool coverage:merge"
    `)
  })

  it('passes coverage:merge --strict-required=warn with the WARNING block on stderr, then cleans up', () => {
    expect(mergeWarn.code, describeRun(mergeWarn)).toBe(0)
    expect(mergeWarn.stdout).not.toContain(WARNING)
    expect(mergeWarn.stderr.trimEnd(), describeRun(mergeWarn)).toBe(
      mergeFail.stderr.trimEnd().replace(FATAL, WARNING),
    )
    expect(readdirSync(sidecars)).toEqual([])
  })
})
