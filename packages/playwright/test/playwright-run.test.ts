import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumExecutable } from '../../coverage/src/chromium.test-kit.js'
import { startShop } from './shop-server.test-kit.js'

const PACKAGE = resolve(import.meta.dirname, '..')
const CLI = join(PACKAGE, 'node_modules/@playwright/test/cli.js')
const CONTRACTTOOL = join(PACKAGE, 'node_modules/contracttool/dist/cli.js')

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs `playwright <args>` in the project; never rejects for a non-zero exit. */
function playwright(
  cwd: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<Run> {
  return node(cwd, [CLI, ...args], env)
}

/** Runs `node <args>` in the project; never rejects for a non-zero exit. */
function node(
  cwd: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', CI: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 240_000,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      resolvePromise({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    )
  })
}

function describeRun(run: Run): string {
  return `playwright exited with ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`
}

/** The test project in a fresh folder, resolving this package and Playwright as a user's project does. */
function copyProject(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'contracttool-playwright-')))
  cpSync(join(import.meta.dirname, 'project'), dir, { recursive: true })
  cpSync(fixturePath('streams-3.2.yaml'), join(dir, 'openapi', 'streams.yaml'))
  mkdirSync(join(dir, 'node_modules/@contracttool'), { recursive: true })
  mkdirSync(join(dir, 'node_modules/@playwright'), { recursive: true })
  symlinkSync(PACKAGE, join(dir, 'node_modules/@contracttool/playwright'))
  symlinkSync(
    realpathSync(join(PACKAGE, 'node_modules/@playwright/test')),
    join(dir, 'node_modules/@playwright/test'),
  )
  return dir
}

interface JsonSpec {
  readonly title: string
  readonly tests: readonly {
    readonly projectName: string
    readonly results: readonly {
      readonly status: string
      readonly errors: readonly { readonly message?: string }[]
    }[]
  }[]
}
interface JsonSuite {
  readonly specs: readonly JsonSpec[]
  readonly suites?: readonly JsonSuite[]
}

/** Each test's title (and project, when not `shop`) → the statuses of its attempts and the errors of its last. */
function outcomes(report: { readonly suites: readonly JsonSuite[] }) {
  const found: Record<string, { statuses: string[]; error: string }> = {}
  const visit = (suite: JsonSuite) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        const last = test.results.at(-1)
        const name = test.projectName === 'shop' ? spec.title : `${test.projectName}: ${spec.title}`
        found[name] = {
          statuses: test.results.map((result) => result.status),
          error: (last?.errors ?? []).map((error) => error.message ?? '').join('\n'),
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites) visit(suite)
  return found
}

let shop: Awaited<ReturnType<typeof startShop>>
let dir: string
let env: Record<string, string>

beforeAll(async () => {
  if (
    !existsSync(join(PACKAGE, 'dist/index.js')) ||
    !existsSync(join(PACKAGE, 'dist/reporter.js')) ||
    !existsSync(CONTRACTTOOL)
  ) {
    throw new Error(
      'Missing build output: build the package and the CLI first (node scripts/build-packages.mjs @contracttool/playwright contracttool).',
    )
  }
  shop = await startShop()
  dir = copyProject()
  env = { SHOP_URL: shop.url, CONTRACTTOOL_CHROMIUM: await chromiumExecutable() }
})

afterAll(async () => {
  await shop?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

/** The hits column of a row of the console report (`  ✓ 200    application/json   [6]`). */
function reportedHits(stdout: string, endpoint: string, status: string): number | undefined {
  const lines = stdout.split('\n')
  const at = lines.findIndex((line) => line.includes(` ${endpoint}  (`))
  const row = lines.slice(at + 1).find((line) => line.trim().split(/\s+/)[1] === status)
  const match = row === undefined || at === -1 ? null : /\[(\d+)\]/.exec(row)
  return match === null ? undefined : Number(match[1])
}

describe('a run with every feature and every misuse', () => {
  let run: Run
  let tests: ReturnType<typeof outcomes>

  beforeAll(async () => {
    run = await playwright(dir, ['test'], env)
    if (!existsSync(join(dir, 'results.json'))) throw new Error(describeRun(run))
    tests = outcomes(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')))
  })

  it('passes the checks of responses and requests that keep the contract', () => {
    for (const name of [
      'checks every item of a JSON Lines body',
      'checks every event of an event stream and its JSON data',
      'passes .not on a JSON Lines body whose second item breaks the contract',
      'passes a response that keeps the contract',
      'passes .not on a response that breaks the contract',
      'checks a created context once wrapped, and page.request',
      'checks against the bound spec',
      'other: checks against the project spec',
      'records the calls a page makes and ignores its assets',
      'passes a response a service worker mocked that keeps the contract',
    ]) {
      expect(tests[name], `${name}\n${describeRun(run)}`).toEqual({ statuses: ['passed'], error: '' })
    }
  })

  it('fails a broken response, request or page call with the message of every runner', () => {
    expect(tests['fails a response that breaks the contract']?.error).toContain(
      'GET /broken 200 application/json; charset=utf-8: 1 violation against \'shop\' spec\n  [/id] must be integer, received "one" (string)',
    )
    expect(tests['fails .not on a response that keeps the contract']?.error).toContain(
      "not to match spec 'shop', but it conforms to GET /items 200 application/json.",
    )
    expect(tests['fails a request that breaks the contract']?.error).toContain(
      "POST /items request application/json: 1 violation against 'shop' spec\n  [/name] required property is missing",
    )
    const page = tests['fails on a call that breaks the contract']?.error
    expect(page).toContain(
      `validatePageTraffic: the page's call GET ${env.SHOP_URL}/broken broke the contract:`,
    )
    expect(page).toContain('[/id] must be integer, received "one" (string)')
    const mocked = tests['fails on a response a service worker mocked that breaks the contract']?.error
    expect(mocked).toContain(
      `validatePageTraffic: a mocked response does not match spec 'shop' (service worker, GET ${env.SHOP_URL}/broken → 200):`,
    )
    expect(mocked).toContain('[/id] must be integer, received "seven" (string)')
  })

  it('refuses misuse with a clear message and a stable code, pointing at the test', () => {
    const notAResponse = tests['refuses a value that is not a response']?.error
    expect(notAResponse).toContain('toMatchOpenApiSchema() received number 42, which is not a response.')
    expect(notAResponse).not.toContain('checks.cjs')
    expect(tests['refuses an APIResponse of a context the test created itself']?.error).toContain(
      `ContractPlaywrightError: toMatchOpenApiSchema() received an APIResponse (200 from ${env.SHOP_URL}/items) that no checked request context sent`,
    )
    expect(tests['fails before it runs']?.error).toContain(
      "ContractRunError: openApiSpec('nope'): Spec 'nope' is not configured: withContractTesting() (or contracttool.config.*) tracks 'shop', 'other', 'streams'.",
    )
    expect(tests['fails on a call whose body cannot be read']?.error).toContain(
      `validatePageTraffic: the page's call GET ${env.SHOP_URL}/redirect could not be checked: validatePageTraffic() cannot read the body of GET ${env.SHOP_URL}/redirect (response.body: Response body is unavailable for redirect responses).`,
    )
  })

  it('says loudly which test a dying worker took with it, and fails the run', () => {
    expect(tests['dies mid-test']?.statuses).toEqual(['failed'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      '[OpenAPI Coverage] FATAL: 1 test(s) stopped before handing over their contract observations (the worker died or was killed mid-test): tests/crash.spec.ts:3 › dies mid-test [shop]. The coverage below leaves them out.',
    )
    expect(run.stderr).toContain('partial runs (a test stopped before handing over its observations)')
  })

  it('counts what every test checked, a retried test once, and the page calls in the report', () => {
    expect(tests['passes on its retry']?.statuses).toEqual(['failed', 'passed'])
    expect(run.stdout).toContain('[shop] endpoints: 2/4 fully covered (50%), 1 partial, 1 uncovered')
    // GET /items 200: two checks in api.spec.ts (the one of .not included), page.request, the retried test
    // once, and two page calls (/page/ok, and /redirect's target). The dead test's check is left out.
    expect(reportedHits(run.stdout, 'GET /items', '200')).toBe(6)
    // GET /broken 200: a failing check, the .not check and the page's call.
    expect(reportedHits(run.stdout, 'GET /broken', '200')).toBe(3)
    // GET /ping 200: the describe's binding and the project's.
    expect(reportedHits(run.stdout, 'GET /ping', '200')).toBe(2)
  })

  it("reports what a page's service worker mocked as mock coverage, apart from the API's", () => {
    const [api = '', mock = ''] = run.stdout.split(
      'OpenAPI Mock Coverage (mocked responses; not counted toward coverage or gates)',
    )
    // The API's counts above leave the mocks out; the mock section has each mocked call once.
    expect(reportedHits(api, 'GET /items', '200')).toBe(6)
    expect(mock, describeRun(run)).toContain(
      '[shop] endpoints: 2/4 fully covered (50%), 0 partial, 2 uncovered',
    )
    expect(reportedHits(mock, 'GET /items', '200')).toBe(1)
    expect(reportedHits(mock, 'GET /broken', '200')).toBe(1)
  })
})

describe('an all-green run whose gate fails, and the same suite run in part', () => {
  let full: Run
  let partial: Run
  let shard: Run
  let sidecarMerge: Run
  let merged: Run

  beforeAll(async () => {
    full = await playwright(dir, ['test', '--config', 'gate.config.ts'], env)
    partial = await playwright(dir, ['test', '--config', 'gate.config.ts', '-g', 'lists'], env)
    shard = await playwright(dir, ['test', '--config', 'gate.config.ts', '--shard=1/2'], env)
    await playwright(dir, ['test', '--config', 'gate.config.ts', '--shard=2/2'], env)
    sidecarMerge = await node(dir, [CONTRACTTOOL, 'coverage:merge', '--expect-sidecars=2'])
    for (const index of [1, 2]) {
      const blobs = `blob-${index}`
      await playwright(dir, ['test', '--config', 'gate.config.ts', `--shard=${index}/2`, '--reporter=blob'], {
        ...env,
        PLAYWRIGHT_BLOB_OUTPUT_DIR: blobs,
      })
      cpSync(join(dir, blobs), join(dir, 'all-blob-reports'), { recursive: true })
    }
    merged = await playwright(dir, ['merge-reports', '--config', 'gate.config.ts', 'all-blob-reports'], env)
  })

  it('turns the all-green run into exit 1, after the report and its files', () => {
    expect(full.stdout, describeRun(full)).toContain('2 passed')
    expect(full.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
    expect(full.code).toBe(1)
    expect(existsSync(join(dir, 'reports/gate.json'))).toBe(true)
  })

  it('prints the NOTE of a partial run and skips the gate', () => {
    expect(partial.stdout, describeRun(partial)).toContain('1 passed')
    expect(partial.stderr).toContain('partial runs (-g lists)')
    expect(partial.stderr).not.toContain('FAIL:')
    expect(partial.code).toBe(0)
  })

  it('fails the merge of the blob reports of shards on the same gate', () => {
    expect(merged.stdout, describeRun(merged)).toContain('[shop] endpoints: 1/4 fully covered (25%)')
    expect(merged.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
    expect(merged.code).toBe(1)
  })

  it('writes a sidecar for coverage:merge from a shard and renders nothing; the merge runs the same gate', () => {
    expect(shard.stderr, describeRun(shard)).toContain(
      `[OpenAPI Coverage] NOTE: wrote this run's observations to ${join(dir, '.contracttool', 'sidecars')}/part-playwright-shard-1-of-2`,
    )
    expect(shard.stdout).not.toContain('OpenAPI Contract Test Coverage')
    expect(shard.code).toBe(0)
    expect(sidecarMerge.stdout, describeRun(sidecarMerge)).toContain(
      '[shop] endpoints: 1/4 fully covered (25%)',
    )
    // The shards leave their options beside their sidecars: the merge alone applies the run's gate.
    expect(sidecarMerge.stderr).toContain('[OpenAPI Coverage] FAIL: endpoint coverage')
    expect(sidecarMerge.code).toBe(1)
  })
})

describe('options that are not valid', () => {
  let run: Run

  beforeAll(async () => {
    run = await playwright(dir, ['test', '--config', 'bad-options.config.ts'], env)
  })

  it('fail every test and the run with the message of every runner, and no stack from inside', () => {
    const message =
      'FATAL: [contracttool] option \'minEndpointCoverage\' (withContractTesting()) must be a number, got the string "most".'
    expect(run.stdout, describeRun(run)).toContain(`ContractRunError: ${message}`)
    expect(run.stdout).toContain('2 failed')
    expect(run.stdout).not.toContain('resolve-options')
    expect(run.stderr).toContain(message)
    expect(run.code).toBe(1)
  })
})
