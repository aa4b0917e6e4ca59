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

async function run(files: Record<string, string>): Promise<Record<string, string[]>> {
  for (const entry of readdirSync(join(dir, 'tests'))) rmSync(join(dir, 'tests', entry))
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, 'tests', `${name}.test.mjs`), content)
  const { stdout } = await promisify(execFile)(process.execPath, [VITEST, 'run', '--reporter=dot'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', CI: '1', CONTRACTTOOL_CONSOLE_OUTPUT: undefined },
  })
  expect(stdout).toContain(`Tests  ${Object.keys(files).length * 2} passed`)
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
  // Node's own modules the setup file's module and the worker code import. Each one a Vitest worker has not
  // loaded already costs every test file its start-up: `worker_threads`, which a `forks` worker does not
  // load, cost about 1 ms.
  const LOADED_BY_VITEST_WORKERS = ['crypto', 'fs', 'module', 'path', 'url', 'v8', 'vm']

  it.each(['set-up-test-file.js', 'worker-core.cjs'])(
    '%s imports only modules Vitest workers have loaded',
    (file) => {
      const code = readFileSync(join(PACKAGE_DIR, 'dist', file), 'utf8')
      const specifiers = [...code.matchAll(/(?:\brequire\(|\bimport\(|\bfrom\s*)"([^"]+)"/g)].map(
        (match) => match[1] as string,
      )
      const builtins = specifiers
        .map((specifier) => specifier.replace(/^node:/, ''))
        .filter((specifier) => builtinModules.includes(specifier))
      expect(builtins.length).toBeGreaterThan(0)
      expect([...new Set(builtins)].filter((name) => !LOADED_BY_VITEST_WORKERS.includes(name))).toEqual([])
    },
  )
})
