import { readFileSync } from 'node:fs'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'
import { describeJestRun, JestProject } from './jest-project.test-kit.js'
import { jestConfig } from './pets-project.test-kit.js'

/** A real Jest run whose formats come from a TypeScript module (ts-jest) that imports a helper. */

const fixture = (name: string) => readFileSync(fixturePath(`formats/${name}`), 'utf8')

const TEST = `const express = require('express')
const request = require('supertest')

const app = express()
app.get('/now', (req, res) => res.json({ at: req.query.at ?? '1765000000', repo: req.query.repo ?? 'octo/cat' }))

test('a time in both formats', async () => {
  expect(await request(app).get('/now')).toMatchOpenApiSchema()
})
test('a timestamp the function refuses', async () => {
  expect(await request(app).get('/now?at=soon')).not.toMatchOpenApiSchema()
})
test('a repository name the RegExp refuses', async () => {
  expect(await request(app).get('/now?repo=nobody')).not.toMatchOpenApiSchema()
})
`

const project = new JestProject({
  'openapi/clock.json': fixture('openapi/clock.json'),
  'formats.ts': fixture('formats.ts'),
  'digits.ts': fixture('digits.ts'),
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'commonjs', target: 'es2022', strict: true, isolatedModules: true, types: [] },
  }),
  'jest.config.cjs': jestConfig(
    { specBasePath: 'openapi', specs: ['clock'], formats: './formats.ts', consoleOutput: 'none' },
    "{ testEnvironment: 'node', transform: { '^.+\\\\.ts$': 'ts-jest' } }",
  ),
  'clock.test.cjs': TEST,
})
afterAll(() => project.remove())

describe('formats from a module under Jest', () => {
  it('requires the module in each test file through Jest, so its functions check their formats', () => {
    const run = project.run([])
    expect(run.results?.numPassedTests, describeJestRun(run)).toBe(3)
    expect(run.code, describeJestRun(run)).toBe(0)
  })

  it('fails each test file, naming the module, when it exports no formats', () => {
    project.write({ 'formats.ts': 'export const timestamp = /^\\d+$/\n' })
    const run = project.run([])
    expect(run.code, describeJestRun(run)).toBe(1)
    expect(run.stderr).toContain("option 'formats' names the module")
    expect(run.stderr).toContain("which has neither a default export nor a 'formats' export")
  })
})
