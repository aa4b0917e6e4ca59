// The suite of scenario 5: `files` × `testsPerFile` Vitest tests, each sending one real HTTP request with
// supertest to the Express pet store of `src/vitest-suite/` (one server per test file, listening on
// 127.0.0.1) and checking what came back. Written under `.cache/` (inside the bench package, so test files
// and configs resolve vitest, supertest, express and @contracttool/vitest from its node_modules).
//
// Three copies of the tests: `tests-on/` adds `expect(res).toMatchOpenApiSchema()` to every test, and
// `tests-bound/` also binds the spec at file scope with `openApiSpec('petstore')` imported from
// @contracttool/vitest, as the package README writes a test file (loading the package in every test file
// is then part of what the plugin costs). Three configs:
//   off     plain Vitest, tests-off/
//   on      contractTesting({ specBasePath, specs, defaultSpec }) + tests-on/ (every response validated)
//   bound   the same plugin + tests-bound/
// Plugin configs keep the console report short (`uncovered_only`), never touch $GITHUB_STEP_SUMMARY and
// write the coverage JSON so the harness can check every response was validated.
//
// The same `off` and `on` tests also run under Jest (`writeJestConfigs`): `jest.<variant>.config.cjs` maps
// their `vitest` imports to Jest's functions of the same names, and `on` wraps the config with
// `withContractTesting()` of @contracttool/jest, with the options of the plugin's config.
//
// Under Mocha (`writeMochaRoot`), serial: copies of the `off` and `on` tests whose `vitest` imports come from
// Mocha's globals and Jest's standalone `expect`, the matcher replaced by `assertResponseMatchesOpenApiSchema(res)`
// of @contracttool/mocha; `on` adds `require: ['@contracttool/mocha/register']`, the options in
// `contracttool.config.json` beside the tests (the Mocha binding reads that file only).
//
// And under Playwright Test (`writePlaywrightSuite`): the same requests through the `request` fixture, plain
// `@playwright/test` ('off') against `test` and `expect` of @contracttool/playwright with
// `await expect(res).toMatchOpenApiSchema()` in every test ('on').
//
// A second suite (`writeVitestGithubSuite`) runs the plugin on GitHub's REST description (13 MB, 1,223
// operations): each test fetches one recorded GitHub response from a replay app
// (`src/vitest-suite/replay-app.mjs`), with configs `off` and `on` as above.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { githubExchanges } from './corpus.mjs'
import { importOurs } from './ours.mjs'
import { BENCH_ROOT, CACHE_DIR, specFile } from './specs.mjs'

const SUITE_SOURCE = join(BENCH_ROOT, 'src/vitest-suite')

export const VITEST_VARIANTS = ['off', 'on', 'bound']

// The tests each config runs: without the matcher, with it, with it and a file-scope `openApiSpec()`.
const TESTS = { off: 'off', on: 'on', bound: 'bound' }

// One request per test, cycling through the documented operations and statuses: the test's name, its
// request and its checks as code, for test number `i` of a file.
const REQUESTS = [
  {
    name: 'lists a page of pets',
    call: () => "request(server).get('/pets?limit=5')",
    checks: () => ['expect(res.status).toBe(200)', 'expect(res.body).toHaveLength(5)'],
  },
  {
    name: 'lists the cats',
    call: () => "request(server).get('/pets').query({ kind: 'cat', limit: 50 })",
    checks: () => [
      'expect(res.status).toBe(200)',
      "expect(Number(res.headers['x-total-count'])).toBeGreaterThan(0)",
    ],
  },
  {
    name: 'reads a pet',
    call: (i) => `request(server).get('/pets/${1 + (i % 10)}')`,
    checks: (i) => ['expect(res.status).toBe(200)', `expect(res.body.id).toBe(${1 + (i % 10)})`],
  },
  {
    name: 'answers an unknown pet with a problem',
    call: () => "request(server).get('/pets/9999')",
    checks: () => ['expect(res.status).toBe(404)', "expect(res.body.title).toBe('Not Found')"],
  },
  {
    name: 'creates a pet',
    call: (i) => `request(server).post('/pets').send({ name: 'luna-${i}', kind: 'cat', tag: 'kitten' })`,
    checks: (i) => ['expect(res.status).toBe(201)', `expect(res.body.name).toBe('luna-${i}')`],
  },
  {
    name: 'refuses a pet without a kind',
    call: () => "request(server).post('/pets').send({ name: 'nobody' })",
    checks: () => ['expect(res.status).toBe(400)'],
  },
  {
    // Seeded ids 11 to 60 are never read: each is deleted once per file.
    name: 'deletes a pet',
    call: (i) => `request(server).delete('/pets/${11 + i}')`,
    checks: () => ['expect(res.status).toBe(204)'],
  },
  {
    name: 'reports health',
    call: () => "request(server).get('/health')",
    checks: () => ['expect(res.status).toBe(200)', "expect(res.body.status).toBe('ok')"],
  },
]

function testFile(index, files, testsPerFile, appImport, kind) {
  const tests = []
  for (let i = 0; i < testsPerFile; i++) {
    const req = REQUESTS[i % REQUESTS.length]
    const checks = kind === 'off' ? req.checks(i) : [...req.checks(i), 'expect(res).toMatchOpenApiSchema()']
    tests.push(testSource(`${req.name} #${i}`, req.call(i), checks))
  }
  return testFileSource({
    title: `file ${index + 1} of ${files}, ${testsPerFile} tests`,
    imports: `${kind === 'bound' ? "import { openApiSpec } from '@contracttool/vitest'\n" : ''}import { createApp } from ${JSON.stringify(appImport)}`,
    preamble: kind === 'bound' ? "\nopenApiSpec('petstore')\n" : '',
    app: 'createApp()',
    tests,
  })
}

/** One generated test: a request, then its checks. */
function testSource(name, call, checks) {
  return `test(${JSON.stringify(name)}, async () => {
  const res = await ${call}
${checks.map((line) => `  ${line}`).join('\n')}
})`
}

/** A generated test file: the app `app` (an expression) listens once on 127.0.0.1 for all its `tests`. */
function testFileSource({ title, imports, preamble = '', app, tests }) {
  return `// Generated by apps/bench/src/lib/vitest-suite.mjs: ${title}.
import request from 'supertest'
import { afterAll, beforeAll, expect, test } from 'vitest'
${imports}
${preamble}
let server
beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = ${app}.listen(0, '127.0.0.1', () => resolve(s))
  })
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

${tests.join('\n\n')}
`
}

/** Writes `files` test files of each kind under `tests-<kind>/`, each from `source(kind, testsDir, index)`. */
function writeTestFiles(dir, kinds, files, prefix, source) {
  for (const kind of kinds) {
    const testsDir = join(dir, `tests-${kind}`)
    mkdirSync(testsDir, { recursive: true })
    for (let index = 0; index < files; index++) {
      writeFileSync(
        join(testsDir, `${prefix}-${String(index + 1).padStart(2, '0')}.test.mjs`),
        source(kind, testsDir, index),
      )
    }
  }
}

/**
 * Writes `vitest.<variant>.config.mjs` for each variant, running `tests-<testsOf(variant)>/`; the plugin's
 * configs track spec `specName` of `specBasePath` and write their coverage JSON under `reports/`.
 */
function writeConfigs(dir, variants, testsOf, specBasePath, specName) {
  const configs = {}
  const coverageJson = {}
  for (const variant of variants) {
    configs[variant] = join(dir, `vitest.${variant}.config.mjs`)
    coverageJson[variant] = variant === 'off' ? undefined : join(dir, 'reports', `coverage-${variant}.json`)
    const options = pluginOptions(specBasePath, specName, coverageJson[variant])
    writeFileSync(configs[variant], config(variant, `tests-${testsOf(variant)}/**/*.test.mjs`, options))
  }
  return { configs, coverageJson }
}

/** The options every contracttool config of the suite has: a short console report, no step summary. */
function pluginOptions(specBasePath, specName, jsonOutput) {
  return {
    specBasePath,
    specs: [specName],
    defaultSpec: specName,
    consoleOutput: 'uncovered_only',
    jsonOutput,
    githubStepSummary: false,
  }
}

function config(variant, include, options) {
  if (variant === 'off') {
    return `import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: [${JSON.stringify(include)}] } })
`
  }
  return `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [contractTesting(${JSON.stringify(options, null, 2).replace(/\n/g, '\n  ')})],
  test: { include: [${JSON.stringify(include)}] },
})
`
}

/** The Jest variants of the suite: plain Jest, and @contracttool/jest with a matcher in every test. */
export const JEST_VARIANTS = ['off', 'on']

// The generated test files import from `vitest`: under Jest the same names come from Jest.
const JEST_GLOBALS = `export { afterAll, beforeAll, expect, test } from '@jest/globals'\n`

/** Writes `jest.<variant>.config.cjs` for each Jest variant; returns `{ jestConfigs: { variant: file } }`. */
function writeJestConfigs(dir, coverageJson) {
  writeFileSync(join(dir, 'jest-globals.mjs'), JEST_GLOBALS)
  const jestConfigs = {}
  for (const variant of JEST_VARIANTS) {
    jestConfigs[variant] = join(dir, `jest.${variant}.config.cjs`)
    const config = `{
  rootDir: ${JSON.stringify(dir)},
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests-${TESTS[variant]}/**/*.test.mjs'],
  transform: {},
  moduleNameMapper: { '^vitest$': '<rootDir>/jest-globals.mjs' },
}`
    const options = pluginOptions(join(SUITE_SOURCE, 'openapi'), 'petstore', coverageJson)
    writeFileSync(
      jestConfigs[variant],
      variant === 'off'
        ? `module.exports = ${config}\n`
        : `const { withContractTesting } = require('@contracttool/jest')\n\nmodule.exports = withContractTesting(${config}, ${JSON.stringify(options)})\n`,
    )
  }
  return { jestConfigs }
}

/** The Mocha variants of the suite: plain Mocha, and @contracttool/mocha with an assertion in every test. */
export const MOCHA_VARIANTS = ['off', 'on']

// The generated test files import from `vitest`: under Mocha the same names are Mocha's and `expect`'s.
const MOCHA_GLOBALS = `export { expect } from 'expect'
export const test = (name, fn) => globalThis.it(name, fn)
export const beforeAll = (fn) => globalThis.before(fn)
export const afterAll = (fn) => globalThis.after(fn)
`

/**
 * Writes the Mocha root `<dir>/mocha` (its own folder: the binding reads `contracttool.config.json` from where
 * mocha runs); returns `{ mochaRoot, mochaConfigs: { variant: file } }`.
 */
function writeMochaRoot(dir, files, testsPerFile, coverageJson) {
  const root = join(dir, 'mocha')
  mkdirSync(root, { recursive: true })
  writeFileSync(join(root, 'mocha-globals.mjs'), MOCHA_GLOBALS)
  writeFileSync(
    join(root, 'contracttool.config.json'),
    JSON.stringify(pluginOptions(join(SUITE_SOURCE, 'openapi'), 'petstore', coverageJson)),
  )
  writeTestFiles(root, MOCHA_VARIANTS, files, 'pets', (kind, testsDir, index) => {
    const source = testFile(index, files, testsPerFile, importPath(testsDir, 'app.mjs'), kind)
      .replace("from 'vitest'", "from '../mocha-globals.mjs'")
      .replaceAll('expect(res).toMatchOpenApiSchema()', 'assertResponseMatchesOpenApiSchema(res)')
    return kind === 'on'
      ? source.replace(
          "import request from 'supertest'",
          "import { assertResponseMatchesOpenApiSchema } from '@contracttool/mocha'\nimport request from 'supertest'",
        )
      : source
  })
  const mochaConfigs = {}
  for (const variant of MOCHA_VARIANTS) {
    mochaConfigs[variant] = join(root, `.mocharc.${variant}.json`)
    writeFileSync(
      mochaConfigs[variant],
      JSON.stringify({
        spec: [`tests-${variant}/**/*.test.mjs`],
        ...(variant === 'on' ? { require: ['@contracttool/mocha/register'] } : {}),
      }),
    )
  }
  return { mochaRoot: root, mochaConfigs }
}

/** The Playwright variants of the suite: plain Playwright Test, and @contracttool/playwright with a matcher in every test. */
export const PLAYWRIGHT_VARIANTS = ['off', 'on']

/** A supertest call of `REQUESTS` as the `request` fixture makes it, against the file's `base` URL. */
function playwrightCall(call) {
  const match = /^request\(server\)\.(\w+)\(('[^']*')\)(?:\.(query|send)\((.*)\))?$/.exec(call)
  if (match === null) throw new Error(`no Playwright form for ${call}`)
  const [, method, path, kind, value] = match
  const options = kind === undefined ? '' : `, { ${kind === 'query' ? 'params' : 'data'}: ${value} }`
  return `request.${method}(base + ${path}${options})`
}

/** A check of `REQUESTS` on an `APIResponse` instead of a supertest response. */
function playwrightCheck(check) {
  return check
    .replace('res.status)', 'res.status())')
    .replace('res.headers[', 'res.headers()[')
    .replace(/res\.body/g, '(await res.json())')
}

function playwrightTestFile(index, files, testsPerFile, appImport, kind) {
  const tests = []
  for (let i = 0; i < testsPerFile; i++) {
    const req = REQUESTS[i % REQUESTS.length]
    const checks = req.checks(i).map(playwrightCheck)
    if (kind === 'on') checks.push('await expect(res).toMatchOpenApiSchema()')
    tests.push(`test(${JSON.stringify(`${req.name} #${i}`)}, async ({ request }) => {
  const res = await ${playwrightCall(req.call(i))}
${checks.map((line) => `  ${line}`).join('\n')}
})`)
  }
  return `// Generated by apps/bench/src/lib/vitest-suite.mjs: Playwright file ${index + 1} of ${files}, ${testsPerFile} tests.
import { expect, test } from ${JSON.stringify(kind === 'on' ? '@contracttool/playwright' : '@playwright/test')}
import { createApp } from ${JSON.stringify(appImport)}

let server
let base
test.beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = createApp().listen(0, '127.0.0.1', () => resolve(s))
  })
  base = \`http://127.0.0.1:\${server.address().port}\`
})
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

${tests.join('\n\n')}
`
}

/**
 * Writes `tests-pw-<variant>/` and `playwright.<variant>.config.mjs` for each Playwright variant (Playwright's
 * default workers); returns `{ playwrightConfigs: { variant: file } }`.
 */
function writePlaywrightSuite(dir, files, testsPerFile, coverageJson) {
  const playwrightConfigs = {}
  for (const variant of PLAYWRIGHT_VARIANTS) {
    const testsDir = join(dir, `tests-pw-${variant}`)
    mkdirSync(testsDir, { recursive: true })
    for (let index = 0; index < files; index++) {
      writeFileSync(
        join(testsDir, `pets-${String(index + 1).padStart(2, '0')}.spec.mjs`),
        playwrightTestFile(index, files, testsPerFile, importPath(testsDir, 'app.mjs'), variant),
      )
    }
    playwrightConfigs[variant] = join(dir, `playwright.${variant}.config.mjs`)
    const outputDir = join(dir, `test-results-${variant}`)
    const config = `{ testDir: ${JSON.stringify(testsDir)}, testMatch: '**/*.spec.mjs', outputDir: ${JSON.stringify(outputDir)}, reporter: [['json']] }`
    const options = pluginOptions(join(SUITE_SOURCE, 'openapi'), 'petstore', coverageJson)
    writeFileSync(
      playwrightConfigs[variant],
      variant === 'off'
        ? `export default ${config}\n`
        : `import { withContractTesting } from '@contracttool/playwright'\n\nexport default withContractTesting(${config}, ${JSON.stringify(options)})\n`,
    )
  }
  return { playwrightConfigs }
}

/**
 * Writes the suite (emptied first) and returns `{ dir, tests, configs: { variant: file }, coverageJson:
 * { variant: file }, jestConfigs: { variant: file }, mochaRoot, mochaConfigs: { variant: file },
 * playwrightConfigs: { variant: file } }` (the Jest, Mocha and Playwright runs write their coverage JSON to
 * `coverageJson.jest`, `coverageJson.mocha` and `coverageJson.playwright`).
 */
export function writeVitestSuite({ files, testsPerFile }) {
  const dir = join(CACHE_DIR, 'vitest-suite', `${files}x${testsPerFile}`)
  rmSync(dir, { recursive: true, force: true })
  writeTestFiles(dir, new Set(Object.values(TESTS)), files, 'pets', (kind, testsDir, index) =>
    testFile(index, files, testsPerFile, importPath(testsDir, 'app.mjs'), kind),
  )
  const { configs, coverageJson } = writeConfigs(
    dir,
    VITEST_VARIANTS,
    (variant) => TESTS[variant],
    join(SUITE_SOURCE, 'openapi'),
    'petstore',
  )
  coverageJson.jest = join(dir, 'reports', 'coverage-jest.json')
  const { jestConfigs } = writeJestConfigs(dir, coverageJson.jest)
  coverageJson.mocha = join(dir, 'mocha', 'reports', 'coverage-mocha.json')
  const { mochaRoot, mochaConfigs } = writeMochaRoot(dir, files, testsPerFile, coverageJson.mocha)
  coverageJson.playwright = join(dir, 'reports', 'coverage-playwright.json')
  const { playwrightConfigs } = writePlaywrightSuite(dir, files, testsPerFile, coverageJson.playwright)
  return {
    dir,
    tests: files * testsPerFile,
    configs,
    coverageJson,
    jestConfigs,
    mochaRoot,
    mochaConfigs,
    playwrightConfigs,
  }
}

/** The import specifier of `src/vitest-suite/<file>` from a test folder. */
function importPath(testsDir, file) {
  return relative(testsDir, join(SUITE_SOURCE, file)).replaceAll('\\', '/')
}

/**
 * The recorded GitHub GET responses (JSON, 2xx) the validator accepts against today's description, as
 * the replay app serves them: the tests check them with the plugin and must pass.
 */
async function acceptedGithubExchanges(specPath) {
  const { loadSpecFile } = await importOurs('@contracttool/spec-loader')
  const { validateResponse } = await importOurs('@contracttool/validator')
  const spec = await loadSpecFile(specPath)
  return githubExchanges().filter(
    (ex) =>
      ex.method === 'GET' &&
      ex.isJson &&
      ex.status >= 200 &&
      ex.status < 300 &&
      validateResponse(spec, {
        method: ex.method,
        path: ex.requestPath,
        status: ex.status,
        contentType: ex.contentType,
        body: ex.body,
        headers: { 'content-type': ex.contentType },
      }).outcome === 'success',
  )
}

function githubTestFile(index, files, testsPerFile, exchanges, imports, kind) {
  const tests = []
  for (let i = 0; i < testsPerFile; i++) {
    const at = (index * testsPerFile + i) % exchanges.length
    const ex = exchanges[at]
    const checks = [`expect(res.status).toBe(${ex.status})`]
    if (kind === 'on') checks.push('expect(res).toMatchOpenApiSchema()')
    const call = `request(server).get(${JSON.stringify(ex.requestPath)}).set('x-bench-index', '${at}')`
    tests.push(testSource(`${ex.method} ${ex.requestPath} #${i}`, call, checks))
  }
  return testFileSource({
    title: `GitHub file ${index + 1} of ${files}, ${testsPerFile} tests`,
    imports: `import { createReplayApp } from ${JSON.stringify(imports.app)}`,
    app: `createReplayApp(${JSON.stringify(imports.exchanges)})`,
    tests,
  })
}

/**
 * Writes the GitHub suite (emptied first) and returns what `writeVitestSuite` returns, plus `exchanges`
 * (how many recorded responses the tests cycle through).
 */
export async function writeVitestGithubSuite({ files, testsPerFile }) {
  const dir = join(CACHE_DIR, 'vitest-suite', `github-${files}x${testsPerFile}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const specPath = specFile('github')
  const exchanges = await acceptedGithubExchanges(specPath)
  if (exchanges.length === 0) throw new Error('no recorded GitHub response passes validation')
  const exchangesFile = join(dir, 'exchanges.json')
  writeFileSync(
    exchangesFile,
    JSON.stringify(exchanges.map(({ status, contentType, body }) => ({ status, contentType, body }))),
  )
  writeTestFiles(dir, ['off', 'on'], files, 'github', (kind, testsDir, index) =>
    githubTestFile(
      index,
      files,
      testsPerFile,
      exchanges,
      { app: importPath(testsDir, 'replay-app.mjs'), exchanges: exchangesFile },
      kind,
    ),
  )
  const { configs, coverageJson } = writeConfigs(
    dir,
    ['off', 'on'],
    (variant) => variant,
    dirname(specPath),
    basename(specPath, '.json'),
  )
  return { dir, tests: files * testsPerFile, configs, coverageJson, exchanges: exchanges.length }
}
