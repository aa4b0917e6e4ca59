import { readFileSync } from 'node:fs'
import { fixturePath } from '@contracttool/fixtures'
import { afterAll, describe, expect, it } from 'vitest'
import { removeRuns, runContractVitest } from './run-contract-vitest.test-kit.js'

const fixture = (name: string) => readFileSync(fixturePath(`formats/${name}`), 'utf8')

const APP = `
import express from 'express'
export const app = express()
app.get('/now', (req, res) => {
  res.json({
    at: req.query.broken === 'at' ? '17e8' : '1765000000',
    repo: req.query.broken === 'repo' ? 'no slash' : 'octo/cat',
  })
})
`

const TEST = `
import request from 'supertest'
import { expect, test } from 'vitest'
import { app } from './app.js'

test('a time in both formats', async () => {
  expect(await request(app).get('/now')).toMatchOpenApiSchema()
})
test('a timestamp the function refuses', async () => {
  expect(await request(app).get('/now?broken=at')).not.toMatchOpenApiSchema()
})
test('a repository name the RegExp refuses', async () => {
  expect(await request(app).get('/now?broken=repo')).toMatchOpenApiSchema()
})
`

const PROJECT = {
  'openapi/clock.json': fixture('openapi/clock.json'),
  'formats.ts': fixture('formats.ts'),
  'digits.ts': fixture('digits.ts'),
  'app.ts': APP,
  'clock.test.ts': TEST,
}

afterAll(() => removeRuns())

describe('formats from a module', () => {
  it.each(['forks', 'threads'] as const)(
    'checks each format with the checkers the module exports, functions too, in the %s pool',
    async (pool) => {
      const run = await runContractVitest(PROJECT, {
        plugin: { specBasePath: 'openapi', specs: ['clock'], formats: './formats.ts' },
        config: { pool },
      })
      expect(run.startError).toBeUndefined()
      expect(run.tests).toEqual({
        'a time in both formats': 'passed',
        'a timestamp the function refuses': 'passed',
        'a repository name the RegExp refuses': 'failed',
      })
      expect(run.errors['a repository name the RegExp refuses']?.join('\n')).toContain('repo.nwo')
    },
  )

  it('fails every test file, naming the module, when the module exports no formats', async () => {
    const run = await runContractVitest(
      { ...PROJECT, 'formats.ts': 'export const timestamp = /^\\d+$/\n' },
      { plugin: { specBasePath: 'openapi', specs: ['clock'], formats: './formats.ts' } },
    )
    const errors = Object.values(run.errors).flat().join('\n')
    expect(errors).toContain("option 'formats' names the module")
    expect(errors).toContain("formats.ts, which has neither a default export nor a 'formats' export")
    expect(run.exitCode).toBe(1)
  })

  it('stops the run at start when the module does not exist', async () => {
    const run = await runContractVitest(PROJECT, {
      plugin: { specBasePath: 'openapi', specs: ['clock'], formats: './missing-formats.ts' },
    })
    expect(`${run.startError?.message}\n${run.stderr}`).toContain(
      "option 'formats' (contractTesting()) names the module './missing-formats.ts', and there is no file",
    )
  })
})
