import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { fixturePath } from '@contracttool/fixtures'
import { encodeEntryFile, readEntryFile } from '@contracttool/harness/checks'
import { HarnessErrorCode } from '@contracttool/harness/internal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The built plugin as a project installs it (the package's `dist`, which this package's tests are run
// after: see turbo.json), run by Vitest in child processes: what each test file loads, and what it leaves
// for the next files and runs.

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const VITEST = join(PACKAGE_DIR, 'node_modules', 'vitest', 'vitest.mjs')

const CONFIG = `
import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'
export default defineConfig({
  plugins: [contractTesting({ specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore', consoleOutput: 'uncovered_only' })],
  cacheDir: 'cache',
  test: { include: ['tests/**/*.test.mjs'] },
})
`

// Each file validates, then reports whether its process loaded Ajv (its main module, which the validator
// requires the first time it compiles a schema).
const testFile = (name: string, path: string, body: string) => `
import { createRequire } from 'node:module'
import { writeFileSync } from 'node:fs'
import express from 'express'
import request from 'supertest'
import { afterAll, expect, it } from 'vitest'
const app = express()
app.get('${path}', (req, res) => {
  if (req.query.broken !== undefined) res.json({ unexpected: true })
  else { ${body} }
})
it('${name}', async () => {
  expect(await request(app).get('${path}')).toMatchOpenApiSchema()
})
it('${name} fails', async () => {
  expect(await request(app).get('${path}?broken')).not.toMatchOpenApiSchema()
})
afterAll(() => {
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => /[\\/]ajv[\\/]dist[\\/]ajv.js$/.test(file))
  writeFileSync(new URL('../ajv-${name}.json', import.meta.url), JSON.stringify(loaded))
})
`

let dir: string
beforeAll(() => {
  const runs = join(PACKAGE_DIR, '.vitest-runs')
  mkdirSync(runs, { recursive: true })
  dir = mkdtempSync(join(runs, 'built-'))
  mkdirSync(join(dir, 'openapi'))
  mkdirSync(join(dir, 'tests'))
  cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
  writeFileSync(join(dir, 'vitest.config.mjs'), CONFIG)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Runs the built plugin's Vitest in `dir` on `files` (test file name → content, replacing the last run's),
 * with `args` after `vitest run` and `env` over this process's; returns what it printed.
 */
async function runVitest(
  files: Record<string, string>,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<string> {
  for (const entry of readdirSync(join(dir, 'tests'))) rmSync(join(dir, 'tests', entry))
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, 'tests', `${name}.test.mjs`), content)
  const { stdout } = await promisify(execFile)(process.execPath, [VITEST, 'run', '--reporter=dot', ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', CI: '1', CONTRACTTOOL_CONSOLE_OUTPUT: undefined, ...env },
  })
  return stdout
}

async function run(files: Record<string, string>): Promise<Record<string, string[]>> {
  expect(await runVitest(files)).toContain(`Tests  ${Object.keys(files).length * 2} passed`)
  return Object.fromEntries(
    Object.keys(files).map((name) => [
      name,
      JSON.parse(readFileSync(join(dir, `ajv-${name}.json`), 'utf8')) as string[],
    ]),
  )
}

/** The schema code folder's entries (one folder, named after the worker code), by path. */
function schemaCodeFiles(): string[] {
  const found: string[] = []
  const walk = (folder: string, inside: boolean) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name), inside || entry.name.startsWith('schema-code-'))
      else if (inside) found.push(join(folder, entry.name))
    }
  }
  walk(join(dir, 'cache'), false)
  return found
}

function schemaCodeEntries(): string[] {
  return schemaCodeFiles().map((file) => basename(file))
}

/** The size of each entry's V8 code cache, by file name (0: none kept yet). */
function codeCacheSizes(): Record<string, number> {
  return Object.fromEntries(
    schemaCodeFiles().map((file) => {
      const kept = readEntryFile(file)
      if (kept === undefined) throw new Error(`${file} holds no schema code entry`)
      return [basename(file), kept.codeCache?.length ?? 0]
    }),
  )
}

const PET = testFile('pet', '/pets/1', `res.json({ id: 1, name: 'Tom', kind: 'cat' })`)
const HEALTH = testFile('health', '/health', `res.json({ status: 'ok', uptime: 12 })`)

describe('the built worker code', () => {
  it('loads Ajv only in files that meet a schema no earlier file compiled', {
    timeout: 120_000,
  }, async () => {
    // A first run compiles (and loads Ajv), and keeps the code it generated.
    const first = await run({ pet: PET })
    expect(first.pet).toHaveLength(1)
    expect(first.pet?.[0]).toMatch(/[\\/]ajv[\\/]dist[\\/]ajv\.js$/)
    const kept = schemaCodeEntries()
    expect(kept.length).toBeGreaterThan(0)
    // Compiled by Ajv: the sources alone, their V8 code caches come from the file that first runs them.
    expect(Object.values(codeCacheSizes()).every((size) => size === 0)).toBe(true)

    // The next run validates the same responses (failures included) without Ajv; a schema of its own
    // still compiles, in the file that meets it.
    const second = await run({ pet: PET, health: HEALTH })
    expect(second.pet).toEqual([])
    expect(second.health).toHaveLength(1)
    expect(schemaCodeEntries()).toEqual(expect.arrayContaining(kept))
    expect(schemaCodeEntries().length).toBeGreaterThan(kept.length)

    const cached = codeCacheSizes()
    for (const name of kept) expect(cached[name]).toBeGreaterThan(0)

    const third = await run({ pet: PET, health: HEALTH })
    expect(third).toEqual({ pet: [], health: [] })
    const sizes = codeCacheSizes()
    for (const size of Object.values(sizes)) expect(size).toBeGreaterThan(0)

    // A code cache V8 rejects (another V8, other flags, damaged bytes) costs a compile, and is replaced.
    for (const file of schemaCodeFiles()) {
      const { entry, codeCache } = readEntryFile(file) ?? {}
      if (entry === undefined) throw new Error(`${file} holds no schema code entry`)
      writeFileSync(file, encodeEntryFile(entry, Buffer.alloc(codeCache?.length ?? 0, 7)))
    }
    expect(await run({ pet: PET, health: HEALTH })).toEqual({ pet: [], health: [] })
    for (const file of schemaCodeFiles()) {
      const rewritten = readEntryFile(file)?.codeCache
      expect(rewritten?.length).toBeGreaterThan(0)
      expect(rewritten?.every((byte) => byte === 7)).toBe(false)
    }
  })
})

describe('the caches of the built plugin', () => {
  it('removes each damaged cache file with one NOTE and builds it again: the run passes, broken responses still fail', {
    timeout: 120_000,
  }, async () => {
    await run({ pet: PET, health: HEALTH })
    await run({ pet: PET, health: HEALTH })
    // Vite keeps Vitest's cache (this plugin's included) in a folder of the config's cacheDir named after the project.
    const [cacheDir] = readdirSync(join(dir, 'cache'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('/contracttool'))
      .map((name) => join(dir, 'cache', name))
    if (cacheDir === undefined) throw new Error('the run left no contracttool cache folder')
    const damaged = [
      ...readdirSync(cacheDir)
        .filter((name) => /^worker-core-.*\.bin$/.test(name) || name === 'petstore.bin')
        .map((name) => join(cacheDir, name)),
      ...schemaCodeFiles(),
    ]
    expect(damaged.length).toBeGreaterThan(3)
    for (const file of damaged) {
      const bytes = readFileSync(file)
      const at = bytes.length - 5
      bytes[at] = (bytes[at] as number) ^ 0x20
      writeFileSync(file, bytes)
    }
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [VITEST, 'run', '--reporter=dot'],
      {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1', CI: '1', CONTRACTTOOL_CONSOLE_OUTPUT: undefined },
      },
    )
    expect(stdout).toContain('Tests  4 passed')
    const output = `${stdout}${stderr}`
    for (const file of damaged) {
      expect({ file, notes: output.split(`${file} was damaged`).length - 1 }).toEqual({ file, notes: 1 })
    }
    // Built again: the next run finds nothing damaged.
    expect(await runVitest({ pet: PET, health: HEALTH })).not.toContain('was damaged')
  })
})

describe('what every test file process loads', () => {
  // Each Node module the setup file's module and the worker code load, that a Vitest worker has not loaded
  // already, costs every test file its start-up: `node:crypto` cost about 4 ms, `worker_threads` (which a
  // `forks` worker does not load) about 1 ms. What Vitest's workers load is measured here, not assumed: a
  // test file records the Node modules its process (or thread) has loaded when it starts, in runs with and
  // without the plugin.
  // It also records the CommonJS modules loaded from the package's dist, to see how the setup file's module
  // came (setup.ts).
  const PROBE = `
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { it } from 'vitest'
const modules = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice(13))
const required = Object.keys(createRequire(import.meta.url).cache).filter((file) => /[\\\\/]dist[\\\\/][^\\\\/]+$/.test(file)).map((file) => file.replace(/^.*[\\\\/]/, ''))
writeFileSync(process.env.CONTRACTTOOL_PROBE_OUT, JSON.stringify({ modules, required }))
it('starts', () => {})
`
  const PLAIN_CONFIG = `
import { defineConfig } from 'vitest/config'
export default defineConfig({ cacheDir: 'cache', test: { include: ['tests/**/*.test.mjs'] } })
`
  const POOLS = ['forks', 'threads'] as const
  interface Probed {
    readonly modules: string[]
    readonly required: string[]
  }
  // Per pool, the Node modules a test file's process had loaded as it started, without and with the plugin.
  const loaded = {} as Record<(typeof POOLS)[number], { plain: string[]; plugin: string[] }>
  // Per pool, the files of a package's dist in the require cache as the test file started, with the plugin.
  const required = {} as Record<(typeof POOLS)[number], string[]>

  beforeAll(async () => {
    writeFileSync(join(dir, 'vitest.plain.config.mjs'), PLAIN_CONFIG)
    const probe = async (pool: string, config: string): Promise<Probed> => {
      const out = join(dir, `modules-${pool}-${config}.json`)
      const stdout = await runVitest({ probe: PROBE }, [`--pool=${pool}`, '--config', config], {
        CONTRACTTOOL_PROBE_OUT: out,
      })
      expect(stdout).toContain('Tests  1 passed')
      return JSON.parse(readFileSync(out, 'utf8')) as Probed
    }
    for (const pool of POOLS) {
      const plain = await probe(pool, 'vitest.plain.config.mjs')
      const plugin = await probe(pool, 'vitest.config.mjs')
      loaded[pool] = { plain: plain.modules, plugin: plugin.modules }
      required[pool] = plugin.required
    }
  }, 120_000)

  it.each(POOLS)('the setup file loads no Node module a %s worker would not have loaded', (pool) => {
    const { plain, plugin } = loaded[pool]
    expect(plain).toContain('vm')
    expect(plugin.filter((name) => !plain.includes(name))).toEqual([])
  })

  it.each(POOLS)('the setup file has Node load its module as CommonJS in a %s worker', (pool) => {
    expect(required[pool]).toContain('set-up-test-file.cjs')
    expect(required[pool]).toContain('worker-core.cjs')
  })

  it.each(['set-up-test-file.cjs', 'worker-core.cjs'])(
    '%s imports only modules Vitest workers have loaded, in every pool',
    (file) => {
      const code = readFileSync(join(PACKAGE_DIR, 'dist', file), 'utf8')
      // esbuild renames `require` where a bundled module declares its own (`require2`).
      const specifiers = [...code.matchAll(/(?:\brequire\d*\(|\bimport\(|\bfrom\s*)"([^"]+)"/g)].map(
        (match) => match[1] as string,
      )
      const builtins = [
        ...new Set(
          specifiers
            .map((specifier) => specifier.replace(/^node:/, ''))
            .filter((specifier) => builtinModules.includes(specifier)),
        ),
      ]
      expect(builtins.length).toBeGreaterThan(0)
      for (const pool of POOLS) {
        const { plain } = loaded[pool]
        expect({ pool, missing: builtins.filter((name) => !plain.includes(name)) }).toEqual({
          pool,
          missing: [],
        })
      }
    },
  )
})

describe('the built setup file', () => {
  const SETUP = join(PACKAGE_DIR, 'dist', 'setup.js')

  /** Imports the built setup file in a plain Node process after `prelude`; what it threw, and what it required. */
  async function importSetup(
    prelude: string,
  ): Promise<{ code?: string; message: string; required: string[] }> {
    const script = `${prelude}
import { createRequire } from 'node:module'
let thrown
try { await import(${JSON.stringify(pathToFileURL(SETUP).href)}) } catch (error) { thrown = error }
const required = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.startsWith(${JSON.stringify(join(PACKAGE_DIR, 'dist'))})).map((file) => file.slice(${join(PACKAGE_DIR, 'dist').length + 1}))
console.log(JSON.stringify({ code: thrown?.code, message: String(thrown?.message), required }))
`
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: PACKAGE_DIR,
    })
    return JSON.parse(stdout) as { code?: string; message: string; required: string[] }
  }

  it('imports nothing, so Vite’s module runner fetches no other module for it', () => {
    const code = readFileSync(SETUP, 'utf8')
    expect(code).toContain('set-up-test-file.cjs')
    expect(code).not.toMatch(/^\s*(?:import|export)\s*[\w{*]/m)
    expect(code).not.toMatch(/\bfrom\s*["']/)
  })

  it('hands the Vitest API it finds on globalThis to the module it requires', async () => {
    // The API of a worker without the plugin's config: the module runs, and asks for the plugin.
    const result = await importSetup(`globalThis.__vitest_index__ = {
  afterAll() {}, afterEach() {}, expect: { extend() {} }, inject: () => undefined, TestRunner: { getCurrentTest() {} },
}`)
    expect(result.code).toBe(HarnessErrorCode.NotRegistered)
    expect(result.required).toEqual(['set-up-test-file.cjs'])
  })

  it('imports Vitest and its module when no Vitest API is on globalThis', async () => {
    // Outside a Vitest worker, Vitest's own `inject()` is what fails: the module got the imported API.
    const result = await importSetup('')
    expect(result.code).toBeUndefined()
    expect(result.message).toContain('Vitest failed to access its internal state')
    expect(result.required).toContain('set-up-test-file.cjs')
  })
})

describe('what a test file that imports openApiSpec() loads', () => {
  /** The modules the built entry loads before it runs: its own chunks followed, dynamic `import()` left out. */
  function staticImports(file: string, seen = new Set<string>()): Set<string> {
    const code = readFileSync(file, 'utf8')
    for (const [, specifier] of code.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s*"([^"]+)"/gm)) {
      if (specifier === undefined || seen.has(specifier)) continue
      seen.add(specifier)
      if (specifier.startsWith('./')) staticImports(join(dirname(file), specifier), seen)
    }
    return seen
  }

  it('is the entry, Node modules and the kernel (which imports nothing), without the spec loader', () => {
    const loaded = [...staticImports(join(PACKAGE_DIR, 'dist', 'index.js'))]
    // Not vacuous: the entry imports Node modules of its own (and shares chunks with the main process's code when it has any).
    expect(loaded).toContain('module')
    expect(
      loaded.filter((specifier) => !specifier.startsWith('./') && !builtinModules.includes(specifier)),
    ).toEqual(['@contracttool/kernel/internal'])
    // The kernel's entries share chunks of their own and import nothing else.
    for (const entry of ['index.js', 'internal.js']) {
      const kernel = [...staticImports(join(PACKAGE_DIR, '..', 'kernel', 'dist', entry))]
      expect(kernel.filter((specifier) => !specifier.startsWith('./'))).toEqual([])
    }
    // The main process stamps the worker bundle with `node:crypto`, which Vitest's workers have not loaded.
    expect(loaded).not.toContain('crypto')
    expect(loaded).not.toContain('node:crypto')
  })

  it('throws errors the spec loader’s ContractToolError recognises', async () => {
    const entry = (await import(join(PACKAGE_DIR, 'dist', 'index.js'))) as typeof import('./index.js')
    const loader = (await import(
      join(PACKAGE_DIR, '..', 'spec-loader', 'dist', 'index.js')
    )) as typeof import('@contracttool/spec-loader')
    const error = new entry.ContractTestingError(entry.VitestErrorCode.UnsupportedVersion, 'too old')
    expect(error).toBeInstanceOf(loader.ContractToolError)
    expect(loader.isContractToolError(error)).toBe(true)
    expect(new loader.ContractToolError('CONTRACTTOOL_X', 'x')).not.toBeInstanceOf(entry.ContractTestingError)
  })
})

describe('the built package entry outside a plugin run', () => {
  it('runs its checks in the worker code beside it, required on the first check', async () => {
    const dist = join(PACKAGE_DIR, 'dist')
    const script = `
import { createRequire } from 'node:module'
const entry = await import(${JSON.stringify(pathToFileURL(join(dist, 'index.js')).href)})
const loader = await import(${JSON.stringify(pathToFileURL(join(PACKAGE_DIR, '..', 'spec-loader', 'dist', 'index.js')).href)})
const spec = await loader.loadSpecFile(${JSON.stringify(fixturePath('petstore-3.1.json'))})
const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((file) => file.startsWith(${JSON.stringify(dist)}))
const before = loaded()
let thrown
try {
  entry.assertResponseMatchesOpenApiSchema({
    request: { method: 'GET', path: '/pets/1' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: { unexpected: true } },
  }, { spec })
} catch (error) { thrown = error }
console.log(JSON.stringify({ before, after: loaded(), isAssertion: thrown instanceof entry.ContractAssertionError, message: String(thrown?.message) }))
`
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: PACKAGE_DIR,
    })
    const result = JSON.parse(stdout) as {
      before: string[]
      after: string[]
      isAssertion: boolean
      message: string
    }
    expect(result.before).toEqual([])
    expect(result.after).toEqual([join(dist, 'worker-core.cjs')])
    expect(result.isAssertion).toBe(true)
    expect(result.message).toContain('GET /pets/{petId} 200')
  })
})

describe('a formats module under the built plugin', () => {
  it('is imported through Vite in the worker, so a TypeScript module with imports checks its formats', async () => {
    const project = mkdtempSync(join(PACKAGE_DIR, '.vitest-runs', 'built-formats-'))
    try {
      for (const name of ['openapi/clock.json', 'formats.ts', 'digits.ts']) {
        mkdirSync(dirname(join(project, name)), { recursive: true })
        cpSync(fixturePath(`formats/${name}`), join(project, name))
      }
      writeFileSync(
        join(project, 'vitest.config.mjs'),
        `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'
export default defineConfig({
  plugins: [contractTesting({ specBasePath: 'openapi', specs: ['clock'], formats: './formats.ts', consoleOutput: 'none' })],
  cacheDir: 'cache',
})
`,
      )
      writeFileSync(
        join(project, 'clock.test.mjs'),
        `import express from 'express'
import request from 'supertest'
import { expect, it } from 'vitest'
const app = express()
app.get('/now', (req, res) => res.json({ at: req.query.at ?? '1765000000', repo: 'octo/cat' }))
it('passes a timestamp the function accepts', async () => {
  expect(await request(app).get('/now')).toMatchOpenApiSchema()
})
it('fails one it refuses', async () => {
  expect(await request(app).get('/now?at=soon')).not.toMatchOpenApiSchema()
})
`,
      )
      const { stdout } = await promisify(execFile)(process.execPath, [VITEST, 'run', '--reporter=dot'], {
        cwd: project,
        env: { ...process.env, NO_COLOR: '1', CI: '1', CONTRACTTOOL_CONSOLE_OUTPUT: undefined },
      })
      expect(stdout).toContain('Tests  2 passed')
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })
})
