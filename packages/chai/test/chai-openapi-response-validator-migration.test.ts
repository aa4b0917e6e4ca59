import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The README's migration from chai-openapi-response-validator, done on a suite written that way (mocha, chai,
 * axios): its two lines replaced by the README's, the README's `.mocharc.json` and `contracttool.config.json`
 * added, the suite runs green under mocha with the coverage report.
 */

const packageDir = join(import.meta.dirname, '..')
const runsDir = join(packageDir, '.runs')
const MOCHA = createRequire(join(packageDir, 'package.json')).resolve('mocha/bin/mocha.js')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')
const migration =
  readme.split('\n## Migrating from chai-openapi-response-validator\n')[1]?.split('\n## ')[0] ?? ''
const removedLines = [...migration.matchAll(/^- (.+)$/gm)].map((match) => match[1] as string)
const addedLines = [...migration.matchAll(/^\+ (.+)$/gm)].map((match) => match[1] as string)
const [mocharc, config] = [...migration.matchAll(/```json\n([\s\S]*?)```/g)].map(
  (match) => match[1] as string,
)

const APP = `const express = require('express')
const app = express()
app.use(express.json())
app.get('/health', (_req, res) => res.json({ status: 'ok' }))
app.get('/pets/:petId', (req, res) =>
  req.params.petId === '1'
    ? res.json({ id: 1, name: 'Tom', tag: null, kind: 'cat' })
    : res.status(404).type('application/problem+json').send(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 })),
)
module.exports = { app }
`

const SUITE = `const path = require('path')
const axios = require('axios')
const chai = require('chai')
${removedLines.join('\n')}
const { app } = require('../app.cjs')

const { expect } = chai

describe('the pet store', () => {
  let server
  let client
  before(async () => {
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    client = axios.create({ baseURL: 'http://127.0.0.1:' + server.address().port })
  })
  after(() => new Promise((resolve) => server.close(resolve)))

  it('reports the service up', async () => {
    const res = await client.get('/health')
    expect(res.status).to.equal(200)
    expect(res).to.satisfyApiSpec
  })

  it('shows a pet', async () => {
    expect(await client.get('/pets/1')).to.satisfyApiSpec
  })

  it('answers an unknown pet with 404', async () => {
    const error = await client.get('/pets/999').catch((caught) => caught)
    expect(error.response).to.satisfyApiSpec
  })

  it('describes a pet with the Pet schema', () => {
    expect({ id: 1, name: 'Tom', kind: 'cat' }).to.satisfySchemaInApiSpec('Pet')
    expect({ id: 'one', name: 'Tom', kind: 'cat' }).not.to.satisfySchemaInApiSpec('Pet')
  })
})
`

afterAll(() => rmSync(runsDir, { recursive: true, force: true }))

describe('migrating a chai-openapi-response-validator suite as the README says', () => {
  it('has the lines to replace and the two files to add', () => {
    expect(removedLines).toEqual([
      "const chaiResponseValidator = require('chai-openapi-response-validator').default",
      "chai.use(chaiResponseValidator(path.join(__dirname, '../openapi/petstore.yaml')))",
    ])
    expect(addedLines).toHaveLength(2)
    expect(JSON.parse(mocharc ?? '')).toMatchObject({ require: ['@contracttool/mocha/register'] })
    expect(JSON.parse(config ?? '')).toMatchObject({ specs: ['petstore'] })
  })

  it('runs green under mocha after, with the coverage report', () => {
    mkdirSync(runsDir, { recursive: true })
    const dir = mkdtempSync(join(runsDir, 'project-'))
    mkdirSync(join(dir, 'openapi'))
    mkdirSync(join(dir, 'test'))
    cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
    let suite = SUITE
    suite = suite.replace(`${removedLines.join('\n')}\n`, `${addedLines.join('\n')}\n`)
    expect(suite).not.toContain('chai-openapi-response-validator')
    // A CommonJS project, as such suites are (this package's own package.json says "type": "module").
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n')
    mkdirSync(join(dir, 'node_modules', '@contracttool'), { recursive: true })
    symlinkSync(packageDir, join(dir, 'node_modules', '@contracttool', 'chai'), 'dir')
    writeFileSync(join(dir, 'app.cjs'), APP)
    writeFileSync(join(dir, 'test', 'pets.test.js'), suite)
    writeFileSync(join(dir, '.mocharc.json'), mocharc ?? '')
    writeFileSync(join(dir, 'contracttool.config.json'), config ?? '')
    const child = spawnSync(process.execPath, [MOCHA, '--reporter', 'dot'], {
      cwd: dir,
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(child.stdout, child.stderr).toContain('4 passing')
    expect(child.stdout).toMatch(/✓ GET \/pets\/\{petId\} {2}\(2\/2 responses\)/)
    expect(child.stdout).toMatch(/✓ GET \/health {2}\(1\/1 responses\)/)
    expect(child.status).toBe(0)
  })
})
