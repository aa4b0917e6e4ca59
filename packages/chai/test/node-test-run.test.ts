import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'

/** The plugin under a node:test run (`@contracttool/node-test/register`): it checks and records there too. */

const packageDir = join(import.meta.dirname, '..')
const runsDir = join(packageDir, '.runs')

const TEST = `import { test } from 'node:test'
import express from 'express'
import request from 'supertest'
import * as chai from 'chai'
import { chaiContractTesting } from '@contracttool/chai'

chai.use(chaiContractTesting)
const app = express()
app.get('/health', (_req, res) => res.json({ status: 'ok' }))
app.get('/pets/:petId', (_req, res) => res.json({ id: 'one', name: 'Tom', kind: 'cat' }))

test('health conforms', async () => {
  chai.expect(await request(app).get('/health')).to.matchOpenApiSchema()
})

test('a pet with a string id does not', async () => {
  chai.expect(await request(app).get('/pets/1')).not.to.satisfyApiSpec
})
`

afterAll(() => rmSync(runsDir, { recursive: true, force: true }))

describe('chai.use(chaiContractTesting) under node --test', () => {
  it('checks against the run’s spec and records into its report', () => {
    mkdirSync(runsDir, { recursive: true })
    const dir = mkdtempSync(join(runsDir, 'node-test-'))
    mkdirSync(join(dir, 'openapi'))
    cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
    writeFileSync(
      join(dir, 'contracttool.config.json'),
      JSON.stringify({
        specBasePath: 'openapi',
        specs: ['petstore'],
        defaultSpec: 'petstore',
        consoleOutput: 'all',
      }),
    )
    writeFileSync(join(dir, 'chai.test.mjs'), TEST)
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        '@contracttool/node-test/register',
        '--test-reporter=@contracttool/node-test/reporter',
        '--test',
        'chai.test.mjs',
      ],
      { cwd: dir, env: { PATH: process.env.PATH, NO_COLOR: '1' }, encoding: 'utf8', timeout: 120_000 },
    )
    expect(child.stdout, child.stderr).toMatch(/# pass 2\n# fail 0\n/)
    expect(child.stdout).toMatch(/✓ GET \/health {2}\(1\/1 responses\)/)
    // The .not check of a broken pet failed its check: exercised, and shown as such.
    expect(child.stdout).toMatch(/✘ GET \/pets\/\{petId\} {2}\(1\/2 responses, 1 check failed\)/)
    expect(child.status).toBe(0)
  })
})
