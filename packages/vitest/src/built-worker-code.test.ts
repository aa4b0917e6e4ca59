import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { fixturePath } from '@contracttool/fixtures'
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

// Each file validates, then reports whether its process loaded Ajv (the worker code's `worker-ajv.cjs`).
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
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.endsWith('worker-ajv.cjs'))
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

/** The schema code folder's entries (one folder, named after the worker code). */
function schemaCodeEntries(): string[] {
  const found: string[] = []
  const walk = (folder: string, inside: boolean) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name), inside || entry.name.startsWith('schema-code-'))
      else if (inside) found.push(entry.name)
    }
  }
  walk(join(dir, 'cache'), false)
  return found
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
    expect(first.pet?.[0]).toMatch(/dist[\\/]worker-ajv\.cjs$/)
    const kept = schemaCodeEntries()
    expect(kept.length).toBeGreaterThan(0)

    // The next run validates the same responses (failures included) without Ajv; a schema of its own
    // still compiles, in the file that meets it.
    const second = await run({ pet: PET, health: HEALTH })
    expect(second.pet).toEqual([])
    expect(second.health).toHaveLength(1)
    expect(schemaCodeEntries()).toEqual(expect.arrayContaining(kept))
    expect(schemaCodeEntries().length).toBeGreaterThan(kept.length)

    const third = await run({ pet: PET, health: HEALTH })
    expect(third).toEqual({ pet: [], health: [] })
  })
})

describe('what every test file process loads', () => {
  // Each Node module the setup file's module and the worker code load, that a Vitest worker has not loaded
  // already, costs every test file its start-up: `node:crypto` cost about 4 ms, `worker_threads` (which a
  // `forks` worker does not load) about 1 ms. What Vitest's workers load is measured here, not assumed: a
  // test file records the Node modules its process (or thread) has loaded when it starts, in runs with and
  // without the plugin.
  const PROBE = `
import { writeFileSync } from 'node:fs'
import { it } from 'vitest'
const loaded = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice(13))
writeFileSync(process.env.CONTRACTTOOL_PROBE_OUT, JSON.stringify(loaded))
it('starts', () => {})
`
  const PLAIN_CONFIG = `
import { defineConfig } from 'vitest/config'
export default defineConfig({ cacheDir: 'cache', test: { include: ['tests/**/*.test.mjs'] } })
`
  const POOLS = ['forks', 'threads'] as const
  // Per pool, the Node modules a test file's process had loaded as it started, without and with the plugin.
  const loaded = {} as Record<(typeof POOLS)[number], { plain: string[]; plugin: string[] }>

  beforeAll(async () => {
    writeFileSync(join(dir, 'vitest.plain.config.mjs'), PLAIN_CONFIG)
    const probe = async (pool: string, config: string): Promise<string[]> => {
      const out = join(dir, `modules-${pool}-${config}.json`)
      const stdout = await runVitest({ probe: PROBE }, [`--pool=${pool}`, '--config', config], {
        CONTRACTTOOL_PROBE_OUT: out,
      })
      expect(stdout).toContain('Tests  1 passed')
      return JSON.parse(readFileSync(out, 'utf8')) as string[]
    }
    for (const pool of POOLS) {
      loaded[pool] = {
        plain: await probe(pool, 'vitest.plain.config.mjs'),
        plugin: await probe(pool, 'vitest.config.mjs'),
      }
    }
  }, 120_000)

  it.each(POOLS)('the setup file loads no Node module a %s worker would not have loaded', (pool) => {
    const { plain, plugin } = loaded[pool]
    expect(plain).toContain('vm')
    expect(plugin.filter((name) => !plain.includes(name))).toEqual([])
  })

  it.each(['set-up-test-file.js', 'worker-core.cjs'])(
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

  it('is the entry and Node modules the worker has, without the spec loader', () => {
    const loaded = [...staticImports(join(PACKAGE_DIR, 'dist', 'index.js'))]
    expect(loaded.some((specifier) => specifier.startsWith('./chunk-'))).toBe(true)
    expect(
      loaded.filter((specifier) => !specifier.startsWith('./') && !builtinModules.includes(specifier)),
    ).toEqual([])
  })

  it('throws errors the spec loader’s ContractToolError recognises', async () => {
    const entry = (await import(join(PACKAGE_DIR, 'dist', 'index.js'))) as typeof import('./index.js')
    const loader = (await import(
      join(PACKAGE_DIR, '..', 'spec-loader', 'dist', 'index.js')
    )) as typeof import('@contracttool/spec-loader')
    const error = new entry.ContractTestingError(entry.VitestErrorCode.InvalidBinding, 'bound twice')
    expect(error).toBeInstanceOf(loader.ContractToolError)
    expect(loader.isContractToolError(error)).toBe(true)
    expect(new loader.ContractToolError('CONTRACTTOOL_X', 'x')).not.toBeInstanceOf(entry.ContractTestingError)
  })
})
