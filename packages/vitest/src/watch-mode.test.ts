import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// The built plugin (the package's `dist`, which this package's tests are run after: see turbo.json) in a
// real `vitest --watch` child process: a spec edit reruns the tests, and the report reads the edited spec.

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const VITEST = join(PACKAGE_DIR, 'node_modules', 'vitest', 'vitest.mjs')
const REPORT_HEADER = 'OpenAPI Contract Test Coverage'
const WAIT_MS = 60_000
// What Vitest prints when a run has ended and it watches again (`Watching` after a failed run).
const WATCHING = /(?:Waiting|Watching) for file changes/

const CONFIG = `
import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'
export default defineConfig({
  plugins: [contractTesting({ specBasePath: 'openapi', specs: ['shop'], defaultSpec: 'shop', consoleOutput: 'all' })],
  cacheDir: 'cache',
  test: { include: ['tests/**/*.test.mjs'] },
})
`

const TESTS = `
import express from 'express'
import request from 'supertest'
import { expect, it } from 'vitest'
const app = express()
app.get('/health', (_req, res) => res.json({ status: 'ok' }))
app.get('/version', (_req, res) => res.json({ version: '1.2.3' }))
it('health', async () => {
  expect(await request(app).get('/health')).toMatchOpenApiSchema()
})
it('version', async () => {
  expect(await request(app).get('/version')).toMatchOpenApiSchema()
})
`

const json = (schema: object) => ({ 'application/json': { schema } })
const HEALTH = {
  get: {
    responses: { '200': { description: 'up', content: json({ type: 'object', required: ['status'] }) } },
  },
}
const VERSION = {
  get: {
    responses: { '200': { description: 'v', content: json({ type: 'object', required: ['version'] }) } },
  },
}
const spec = (paths: object) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 'shop', version: '1' }, paths })

/** A `vitest --watch` child and everything it printed so far. */
class WatchRun {
  readonly child: ChildProcess
  output = ''

  constructor(cwd: string) {
    this.child = spawn(process.execPath, [VITEST, '--watch'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', CI: undefined, CONTRACTTOOL_CONSOLE_OUTPUT: undefined },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const append = (chunk: Buffer) => {
      this.output += String(chunk)
    }
    this.child.stdout?.on('data', append)
    this.child.stderr?.on('data', append)
  }

  /**
   * The `n`-th run's coverage report, once Vitest printed it and went back to watching; kills the child and
   * fails with its output after `WAIT_MS`.
   */
  async report(n: number): Promise<string> {
    const started = Date.now()
    const done = () => {
      const reports = this.output.split(REPORT_HEADER)
      return reports.length > n && WATCHING.test(reports[n] ?? '')
    }
    while (!done()) {
      if (this.child.exitCode !== null)
        throw new Error(`vitest exited ${this.child.exitCode}:\n${this.output}`)
      if (Date.now() - started > WAIT_MS) {
        this.child.kill('SIGKILL')
        throw new Error(`no coverage report #${n} within ${WAIT_MS} ms:\n${this.output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return (this.output.split(REPORT_HEADER)[n] ?? '').split(WATCHING)[0] ?? ''
  }

  /** Stops the watcher; SIGKILL when it does not exit within 10 s. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode
    const exited = new Promise<number | null>((done) => this.child.once('exit', (code) => done(code)))
    this.child.kill('SIGTERM')
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000)
    const code = await exited
    clearTimeout(timer)
    return code
  }
}

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A project in this package (so `express`, `supertest` and the plugin resolve) with the given spec files. */
function project(specFiles: Readonly<Record<string, string>>): string {
  const runs = join(PACKAGE_DIR, '.vitest-runs')
  mkdirSync(runs, { recursive: true })
  const dir = mkdtempSync(join(runs, 'watch-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'tests'))
  for (const [path, content] of Object.entries(specFiles)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  writeFileSync(join(dir, 'vitest.config.mjs'), CONFIG)
  writeFileSync(join(dir, 'tests', 'shop.test.mjs'), TESTS)
  return dir
}

describe('vitest --watch', () => {
  it.each([
    {
      edited: 'the root file',
      files: { 'openapi/shop.json': spec({ '/health': HEALTH }) },
      edit: ['openapi/shop.json', spec({ '/health': HEALTH, '/version': VERSION })],
      failure: "No matching path found in 'shop' spec for GET /version",
    },
    {
      edited: 'a file the root $refs',
      files: {
        'openapi/shop.json': spec({ '/health': HEALTH, '/version': { $ref: './paths/version.json' } }),
        'openapi/paths/version.json': JSON.stringify({ summary: 'no operation yet' }),
      },
      edit: ['openapi/paths/version.json', JSON.stringify(VERSION)],
      failure: "Method GET not defined for path /version in 'shop' spec.",
    },
  ])(
    'reruns the tests when only $edited of the spec changed, and reports against the edited spec',
    async ({ files, edit, failure }) => {
      const dir = project(files)
      const run = new WatchRun(dir)
      try {
        const first = await run.report(1)
        expect(first).toContain('[shop] endpoints: 1/1 fully covered (100%)')
        expect(first).toContain('✓ GET /health')
        expect(first).not.toContain('GET /version')
        expect(run.output).toContain(failure)

        writeFileSync(join(dir, edit[0] ?? ''), edit[1] ?? '')

        const second = await run.report(2)
        expect(second).toContain('[shop] endpoints: 2/2 fully covered (100%)')
        expect(second).toContain('✓ GET /version  (1/1 responses)')
        expect(second).not.toMatch(/not declared|NOTE/i)
        expect(run.output.split(REPORT_HEADER)[1]).toContain('Tests  2 passed')
      } finally {
        await run.stop()
      }
    },
    150_000,
  )
})
