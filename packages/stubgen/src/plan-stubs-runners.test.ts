import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import type { JsonObject } from '@contracttool/kernel'
import { buildSpec } from '@contracttool/spec-loader'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { planStubs } from './plan-stubs.js'
import { STUB_RUNNERS, type StubAdapter, type StubRunner } from './types.js'

const document = JSON.parse(readFileSync(fixturePath('petstore-3.1.json'), 'utf8')) as JsonObject
const petstore = buildSpec(document, {
  name: 'petstore',
  version: '3.1',
  openapi: String(document.openapi),
  defaultDialect: '2020-12',
})
const appImport = { specifier: '../src/app.js', exportName: 'default', isFactory: false }
const dir = mkdtempSync(join(tmpdir(), 'contracttool-stub-runners-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function plan(runner: StubRunner, adapter: StubAdapter) {
  return planStubs(petstore, { specName: 'petstore', adapter, runner, appImport })
}

/** Syntax errors of a generated file: Node's parser for `.mjs` and `.cjs`, TypeScript's for `.ts`. */
function syntaxErrors(path: string, content: string): string[] {
  if (path.endsWith('.ts')) {
    const out = ts.transpileModule(content, { reportDiagnostics: true, fileName: path })
    return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  }
  const file = join(dir, path)
  writeFileSync(file, content)
  try {
    execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' })
    return []
  } catch (error) {
    return [String((error as { stderr?: Buffer }).stderr ?? error)]
  }
}

describe('planStubs for every runner', () => {
  it.each(
    STUB_RUNNERS.flatMap((runner) => (['supertest', 'fastify'] as const).map((a) => [runner, a] as const)),
  )('%s with %s: parses, in the module format the runner loads', (runner, adapter) => {
    const files = plan(runner, adapter).files
    expect(files.length).toBeGreaterThan(0)
    for (const { path, content } of files) expect(syntaxErrors(path, content), path).toEqual([])
  })

  it('writes each runner its imports, its skipped tests, its assertions and its file names', () => {
    const show = (runner: StubRunner) =>
      plan(runner, 'supertest').files.find((f) => f.endpoint === 'GET /pets/{petId}')
    expect(show('vitest')?.path).toBe('get-pets-pet-id.test.ts')
    expect(show('jest')?.path).toBe('get-pets-pet-id.test.cjs')
    expect(show('node-test')?.path).toBe('get-pets-pet-id.test.mjs')
    expect(show('mocha')?.path).toBe('get-pets-pet-id.test.mjs')
    expect(show('playwright')?.path).toBe('get-pets-pet-id.spec.ts')
    const jest = show('jest')?.content ?? ''
    expect(jest).toContain("const { openApiSpec } = require('@contracttool/jest')")
    expect(jest).toContain("const request = require('supertest')")
    expect(jest).toContain("const app = require('../src/app.js')")
    expect(jest).toContain("test.skip('GET /pets/{petId} → 200 application/json', async () => {")
    expect(jest).toContain('expect(res).toMatchOpenApiSchema()')
    const node = show('node-test')?.content ?? ''
    expect(node).toContain("import assert from 'node:assert/strict'")
    expect(node).toContain(
      "import { assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/node-test'",
    )
    expect(node).toMatch(/test\('GET \/pets\/\{petId\} → 200 application\/json', \{ skip: 'TODO: /)
    expect(node).toContain('assert.equal(res.status, 200)')
    const mocha = show('mocha')?.content ?? ''
    expect(mocha).toContain("from '@contracttool/mocha'")
    expect(mocha).toContain("it.skip('GET /pets/{petId} → 200 application/json', async () => {")
    const playwright = show('playwright')?.content ?? ''
    expect(playwright).toContain("import { expect, test } from '@contracttool/playwright'")
    expect(playwright).toContain("test.use({ openApiSpec: 'petstore' })")
    expect(playwright).toContain('await expect(res).toMatchOpenApiSchema()')
  })

  it('asks a 404 for an id no example names, and closes a Fastify app', () => {
    const supertest = plan('jest', 'supertest').files.find((f) => f.endpoint === 'GET /pets/{petId}')
    expect(supertest?.content).toContain(".get('/pets/1')")
    expect(supertest?.content).toContain(".get('/pets/999999999')")
    const shared = plan('node-test', 'fastify').files[0]?.content ?? ''
    expect(shared).toContain("import { after, test } from 'node:test'")
    expect(shared).toContain('after(() => app.close())')
    const factory = planStubs(petstore, {
      specName: 'petstore',
      adapter: 'fastify',
      runner: 'mocha',
      appImport: { ...appImport, exportName: 'buildApp', isFactory: true },
    }).files[0]?.content
    expect(factory).toContain('const app = await createApp()')
    expect(factory).toContain('  await app.close()\n})')
  })
})
