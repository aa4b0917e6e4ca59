import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeJestRun, JestProject, PACKAGE_DIR } from './jest-project.test-kit.js'
import { APP, SPEC } from './pets-project.test-kit.js'

/**
 * The README's migration from jest-openapi, done on a suite written the jest-openapi way: the suite passes
 * under jest-openapi, and again once the README's lines are deleted and its `jest.config.cjs` is used. Its
 * calls go through supertest and axios.
 */

const readme = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8')
const migration = readme.split('\n## Migrating from jest-openapi\n')[1]?.split('\n## ')[0] ?? ''
const removedLines = [...migration.matchAll(/^- (.+)$/gm)].map((match) => match[1] as string)
const config = /```js\n(\/\/ jest\.config\.cjs \(was[^\n]*\n[\s\S]*?)```/.exec(migration)?.[1]

// jest-openapi reads OpenAPI 3.0 only.
const SPEC_30 = SPEC.replace('"openapi":"3.1.0"', '"openapi":"3.0.3"').replace(
  '"status":{"const":"ok"}',
  '"status":{"type":"string","enum":["ok"]}',
)

const SUITE = `const path = require('path')
const axios = require('axios')
const request = require('supertest')
${removedLines.join('\n')}
const { createApp } = require('../app.cjs')

describe('the pet store', () => {
  test('reports the service up', async () => {
    const res = await request(createApp()).get('/health')
    expect(res.status).toEqual(200)
    expect(res).toSatisfyApiSpec()
  })

  test('lists pets', async () => {
    expect(await request(createApp()).get('/pets')).toSatisfyApiSpec()
  })

  test('creates a pet', async () => {
    expect(await request(createApp()).post('/pets').send({ name: 'Rex' })).toSatisfyApiSpec()
  })

  test('lists pets over HTTP with axios', async () => {
    const server = createApp().listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const res = await axios.get('http://127.0.0.1:' + server.address().port + '/pets?limit=1')
      expect(res.status).toEqual(200)
      expect(res).toSatisfyApiSpec()
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
`

describe('migrating a jest-openapi suite as the README says', () => {
  let project: JestProject
  beforeAll(() => {
    project = new JestProject({
      'openapi/petstore.yaml': SPEC_30,
      'app.cjs': APP,
      'jest.config.cjs': "module.exports = { testEnvironment: 'node' }\n",
      'tests/pets.test.js': SUITE,
    })
  })
  afterAll(() => project.remove())

  it('has the two lines to delete and the config to use', () => {
    expect(removedLines).toEqual([
      "const jestOpenAPI = require('jest-openapi').default",
      "jestOpenAPI(path.join(__dirname, '../openapi/petstore.yaml'))",
    ])
    expect(config).toContain('withContractTesting(')
  })

  it('runs green under jest-openapi before, and under @contracttool/jest after, with coverage', () => {
    const before = project.run(['-i'])
    expect(before.code, describeJestRun(before)).toBe(0)
    expect(before.results?.numPassedTests).toBe(4)
    expect(before.stdout).not.toContain('OpenAPI Contract Test Coverage')

    let suite = SUITE
    for (const line of removedLines) suite = suite.replace(`${line}\n`, '')
    expect(suite).not.toContain('jest-openapi')
    project.write({ 'tests/pets.test.js': suite, 'jest.config.cjs': config ?? '' })
    const after = project.run(['-i'])
    expect(after.code, describeJestRun(after)).toBe(0)
    expect(after.results?.numPassedTests).toBe(4)
    expect(after.stdout).toContain('[petstore] endpoints: 2/4 fully covered (50%), 1 partial, 1 uncovered')
  })
})
