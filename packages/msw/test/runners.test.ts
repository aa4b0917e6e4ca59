import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * `checkMocks()` under real runs of Vitest (the contractTesting() plugin), Jest (withContractTesting()), node:test and Mocha (their register
 * hooks), from the built packages: a drifted mock that a test asserts passes that test, one left unasserted
 * fails the test that made the request (and only it), and the mocks' coverage is reported on its own.
 */

const packageDir = join(import.meta.dirname, '..')
const runsDir = join(packageDir, '.runs')
const require = createRequire(import.meta.url)
const VITEST_BIN = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs')
const MOCHA_BIN = join(dirname(require.resolve('mocha/package.json')), 'bin', 'mocha.js')
const JEST_BIN = join(dirname(require.resolve('jest/package.json')), 'bin', 'jest.js')
const PLAYWRIGHT_BIN = join(dirname(require.resolve('@playwright/test/package.json')), 'cli.js')
const CONTRACTTOOL_BIN = join(dirname(require.resolve('contracttool/package.json')), 'bin', 'contracttool.js')

const MOCKS = `import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { checkMocks } from '@contracttool/msw'

const API = 'https://api.example.com/v1'
export const server = setupServer(
  http.get(\`\${API}/pets/1\`, () => HttpResponse.json({ id: 1, name: 'Tom', kind: 'cat' })),
  http.get(\`\${API}/pets/2\`, () => HttpResponse.json({ id: 'two', name: 'Rex', kind: 'dog' })),
)
server.listen({ onUnhandledRequest: 'error' })
export const mocks = checkMocks(server)
export const getPet = async (id) => (await fetch(\`\${API}/pets/\${id}\`)).json()
`

// The tests of every runner with an `expect` and a `test` (Vitest, Jest, Playwright Test).
const EXPECT_TESTS = `test('a mock that matches passes', async () => {
  expect(await getPet(1)).toEqual({ id: 1, name: 'Tom', kind: 'cat' })
})
test('a drifted mock, asserted', async () => {
  expect((await getPet(2)).id).toBe('two')
  await expect(mocks.assertNoViolations()).rejects.toThrow(/\\[\\/id\\] must be integer/)
})
test('a drifted mock left unasserted', async () => {
  await getPet(2)
})
test('the next test starts clean', async () => {
  await getPet(1)
})
`

const VITEST_TEST = `import { afterAll, expect, test } from 'vitest'
import { getPet, mocks, server } from './mocks.mjs'

afterAll(() => {
  mocks.dispose()
  server.close()
})
${EXPECT_TESTS}`

const NODE_TEST = `import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { getPet, mocks, server } from './mocks.mjs'

after(() => {
  mocks.dispose()
  server.close()
})
test('a mock that matches passes', async () => {
  assert.deepEqual(await getPet(1), { id: 1, name: 'Tom', kind: 'cat' })
})
test('a drifted mock, asserted', async () => {
  await getPet(2)
  await assert.rejects(mocks.assertNoViolations(), /\\[\\/id\\] must be integer/)
})
test('a drifted mock left unasserted', async () => {
  await getPet(2)
})
test('the next test starts clean', async () => {
  await getPet(1)
})
`

const MOCHA_TEST = `import assert from 'node:assert/strict'
import { getPet, mocks, server } from './mocks.mjs'

after(() => {
  mocks.dispose()
  server.close()
})
it('a mock that matches passes', async () => {
  assert.deepEqual(await getPet(1), { id: 1, name: 'Tom', kind: 'cat' })
})
it('a drifted mock, asserted', async () => {
  await getPet(2)
  await assert.rejects(mocks.assertNoViolations(), /\\[\\/id\\] must be integer/)
})
it('a drifted mock left unasserted', async () => {
  await getPet(2)
})
it('the next test starts clean', async () => {
  await getPet(1)
})
`

// msw 2 requires ESM-only modules, which Jest loads only as ESM (`--experimental-vm-modules`): the same mocks.
const JEST_TEST = `import { getPet, mocks, server } from './mocks.mjs'

afterAll(() => {
  mocks.dispose()
  server.close()
})
${EXPECT_TESTS}`

// Playwright Test runs its test files in its own workers, as ESM here (`.mjs`): the same mocks, no page.
const PLAYWRIGHT_TEST = `import { test, expect } from '@contracttool/playwright'
import { getPet, mocks, server } from './mocks.mjs'

test.afterAll(() => {
  mocks.dispose()
  server.close()
})
${EXPECT_TESTS}`

const CONFIG = { specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore', consoleOutput: 'all' }

afterAll(() => rmSync(runsDir, { recursive: true, force: true }))

function project(files: Record<string, string>): string {
  mkdirSync(runsDir, { recursive: true })
  const dir = mkdtempSync(join(runsDir, 'run-'))
  mkdirSync(join(dir, 'openapi'))
  cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
  for (const [name, text] of Object.entries({ 'mocks.mjs': MOCKS, ...files }))
    writeFileSync(join(dir, name), text)
  return dir
}

function run(dir: string, args: readonly string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, args, {
    cwd: dir,
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

/** What both runners must show: the mock coverage section, and no API coverage from the mocks. */
function expectMockCoverage(stdout: string): void {
  const [api, mock] = stdout.split(
    'OpenAPI Mock Coverage (mocked responses; not counted toward coverage or gates)',
  )
  expect(mock).toMatch(/\[petstore\] endpoints: 0\/8 fully covered \(0%\), 1 partial, 7 uncovered/)
  expect(mock).toMatch(/responses: 1\/16 covered/)
  expect(api).not.toMatch(/\[petstore\] endpoints/)
}

describe('checkMocks() under runner bindings', () => {
  it('Vitest: an unasserted violation fails the test that made the request', () => {
    const dir = project({
      'vitest.config.mjs': `import { contractTesting } from '@contracttool/vitest'\nexport default { plugins: [contractTesting(${JSON.stringify(CONFIG)})], test: { include: ['*.test.mjs'] } }\n`,
      'mocks.test.mjs': VITEST_TEST,
    })
    const child = run(dir, [VITEST_BIN, 'run', '--reporter=verbose'])
    const output = `${child.stdout}\n${child.stderr}`
    expect(output, output).toMatch(/Tests {2}1 failed \| 3 passed \(4\)/)
    expect(child.stdout).toMatch(/× mocks\.test\.mjs > a drifted mock left unasserted/)
    expect(output).toMatch(
      /A mocked response does not match spec 'petstore' \(MSW, GET https:\/\/api\.example\.com\/v1\/pets\/2 → 200\)/,
    )
    expectMockCoverage(child.stdout)
    expect(child.status).toBe(1)
  })

  it('Jest: an unasserted violation fails the test that made the request', () => {
    const dir = project({
      'jest.config.cjs': `const { withContractTesting } = require('@contracttool/jest')\nmodule.exports = withContractTesting({ testEnvironment: 'node', testMatch: ['**/*.test.mjs'] }, ${JSON.stringify(CONFIG)})\n`,
      'mocks.test.mjs': JEST_TEST,
    })
    const child = run(dir, ['--experimental-vm-modules', '--no-warnings', JEST_BIN, '--ci'])
    const output = `${child.stdout}\n${child.stderr}`
    expect(output, output).toMatch(/Tests: {7}1 failed, 3 passed, 4 total/)
    expect(child.stderr).toMatch(/✕ a drifted mock left unasserted/)
    expect(output).toMatch(/A mocked response does not match spec 'petstore'/)
    expectMockCoverage(child.stdout)
    expect(child.status).toBe(1)
  })

  it('Playwright Test: an unasserted violation fails the test that made the request', () => {
    const dir = project({
      'playwright.config.mjs': `import { withContractTesting } from '@contracttool/playwright'\nexport default withContractTesting({ testDir: '.', testMatch: '*.spec.mjs', outputDir: 'test-results', workers: 1, reporter: 'list' }, ${JSON.stringify(CONFIG)})\n`,
      'mocks.spec.mjs': PLAYWRIGHT_TEST,
    })
    const child = run(dir, [PLAYWRIGHT_BIN, 'test'])
    const output = `${child.stdout}\n${child.stderr}`
    expect(output, output).toMatch(/1 failed[\s\S]*3 passed/)
    expect(output).toMatch(/a drifted mock left unasserted/)
    expect(output).toMatch(/A mocked response does not match spec 'petstore'/)
    expectMockCoverage(child.stdout)
    expect(child.status).toBe(1)
  })

  it('node:test: an unasserted violation fails the test that made the request', () => {
    const dir = project({
      'contracttool.config.json': JSON.stringify(CONFIG),
      'mocks.test.mjs': NODE_TEST,
    })
    const child = run(dir, [
      '--import',
      '@contracttool/node-test/register',
      '--test-reporter=@contracttool/node-test/reporter',
      '--test',
      'mocks.test.mjs',
    ])
    const output = `${child.stdout}\n${child.stderr}`
    expect(output, output).toMatch(/# pass 3\n# fail 1\n/)
    expect(child.stdout).toMatch(/not ok \d+ - a drifted mock left unasserted/)
    expect(child.stdout).toMatch(/A mocked response does not match spec 'petstore'/)
    expectMockCoverage(child.stdout)
    expect(child.status).toBe(1)
  })

  it('Mocha: an unasserted violation fails the test that made the request (in its after-each hook)', () => {
    const dir = project({
      'contracttool.config.json': JSON.stringify(CONFIG),
      'mocks.test.mjs': MOCHA_TEST,
    })
    const child = run(dir, [MOCHA_BIN, '--require', '@contracttool/mocha/register', 'mocks.test.mjs'])
    const output = `${child.stdout}\n${child.stderr}`
    // A failing after-each hook ends its suite in Mocha: the last test does not run (as with any hook failure).
    expect(output, output).toMatch(/3 passing[\s\S]*1 failing/)
    expect(child.stdout).toMatch(/1\) "after each" hook: afterEach for "a drifted mock left unasserted"/)
    expect(child.stdout).toMatch(/A mocked response does not match spec 'petstore'/)
    expectMockCoverage(child.stdout)
    expect(child.status).toBe(1)
  })
})

// Two test files, each answered by a different mock, so each shard sees a part of the mock coverage.
const SHARD_MOCKS = `import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { checkMocks } from '@contracttool/msw'

const API = 'https://api.example.com/v1'
export const server = setupServer(
  http.get(\`\${API}/pets/1\`, () => HttpResponse.json({ id: 1, name: 'Tom', kind: 'cat' })),
  http.get(\`\${API}/health\`, () => HttpResponse.json({ status: 'ok' })),
)
server.listen({ onUnhandledRequest: 'error' })
export const mocks = checkMocks(server)
`

const shardTest = (path: string) => `import { afterAll, expect, test } from 'vitest'
import { mocks, server } from './mocks.mjs'

afterAll(() => {
  mocks.dispose()
  server.close()
})
test('GET ${path}', async () => {
  expect((await fetch('https://api.example.com/v1${path}')).status).toBe(200)
})
`

const MOCK_TITLE = 'OpenAPI Mock Coverage (mocked responses; not counted toward coverage or gates)'

describe('checkMocks() under sharded Vitest runs merged by contracttool coverage:merge', () => {
  it('carries the mock coverage in the sidecars and reports it as the unsharded run does', () => {
    const reports = {
      jsonOutput: 'reports/coverage.json',
      outputFile: 'reports/coverage.md',
      htmlOutput: 'reports/coverage.html',
    }
    const dir = project({
      'mocks.mjs': SHARD_MOCKS,
      'vitest.config.mjs': `import { contractTesting } from '@contracttool/vitest'\nexport default { plugins: [contractTesting(${JSON.stringify({ ...CONFIG, ...reports })})], test: { include: ['*.test.mjs'] } }\n`,
      'health.test.mjs': shardTest('/health'),
      'pets.test.mjs': shardTest('/pets/1'),
    })
    const read = (name: string) => readFileSync(join(dir, 'reports', name), 'utf8')
    const full = run(dir, [VITEST_BIN, 'run'])
    expect(full.status, `${full.stdout}\n${full.stderr}`).toBe(0)
    const whole = { json: read('coverage.json'), markdown: read('coverage.md'), html: read('coverage.html') }
    rmSync(join(dir, 'reports'), { recursive: true })

    const sidecarEnv = { CONTRACTTOOL_SIDECAR_DIR: join(dir, 'sidecars') }
    for (const shard of ['1/2', '2/2']) {
      const child = run(dir, [VITEST_BIN, 'run', `--shard=${shard}`], sidecarEnv)
      expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(0)
      expect(child.stdout).not.toContain(MOCK_TITLE)
    }
    // Each shard carries the part of the mock coverage it recorded, and no API coverage.
    const sidecars = readdirSync(join(dir, 'sidecars')).map(
      (name) => JSON.parse(readFileSync(join(dir, 'sidecars', name), 'utf8')) as Record<string, unknown>,
    )
    expect(
      sidecars.map((sidecar) =>
        Object.keys((sidecar.mockCoverage as { specs: Record<string, object> }).specs.petstore ?? {}),
      ),
    ).toEqual(expect.arrayContaining([['GET /health'], ['GET /pets/{petId}']]))
    for (const sidecar of sidecars) expect(sidecar.coverage).toEqual({ version: 1, specs: {} })

    const merge = run(dir, [CONTRACTTOOL_BIN, 'coverage:merge', '--sidecar-dir=sidecars'])
    expect(merge.status, `${merge.stdout}\n${merge.stderr}`).toBe(0)
    const section = (stdout: string) => stdout.slice(stdout.indexOf(MOCK_TITLE))
    expect(section(merge.stdout)).toMatch(
      /\[petstore\] endpoints: 1\/8 fully covered \([\d.]+%\), 1 partial, 6 uncovered/,
    )
    expect(section(merge.stdout)).toBe(section(full.stdout))
    const mockCoverage = (json: string) => (JSON.parse(json) as { mock_coverage?: unknown }).mock_coverage
    expect(mockCoverage(read('coverage.json'))).toEqual(mockCoverage(whole.json))
    expect(mockCoverage(whole.json)).toBeDefined()
    expect(read('coverage.md')).toBe(whole.markdown)
    expect(whole.markdown).toContain(`## ${MOCK_TITLE}`)
    expect(read('coverage.html')).toBe(whole.html)
    expect(whole.html).toContain(`<h2>${MOCK_TITLE}</h2>`)
  })
})
