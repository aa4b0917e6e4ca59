import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { coverageJson } from '../../test/helpers/coverage-json.js'
import { runCaptured } from '../../test/helpers/run-captured.js'
import { tempDir } from '../../test/helpers/temp-dir.js'

/** The pet store as proposed, and a base revision without `GET /health` and with an older 404 on `GET /pets/{petId}`. */
async function project(validated: readonly string[]): Promise<string> {
  const cwd = tempDir()
  copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'petstore.json'))
  const base = JSON.parse(readFileSync(fixturePath('petstore-3.1.json'), 'utf8'))
  delete base.paths['/health']
  base.paths['/pets/{petId}'].get.responses['404'] = { description: 'Gone.' }
  writeFileSync(join(cwd, 'base.json'), JSON.stringify(base))
  const spec = await loadSpecFile(join(cwd, 'petstore.json'))
  writeFileSync(join(cwd, 'coverage.json'), coverageJson(spec, validated))
  return cwd
}

const gate = (cwd: string, ...args: string[]) =>
  runCaptured(['coverage:gate', ...args], { cwd, replace: { '<tmp>': cwd } })
const ARGS = ['--base-spec=base.json', '--spec=petstore.json', '--coverage=coverage.json']

describe('contracttool coverage:gate', () => {
  it('fails when a newly documented response is not covered', async () => {
    const cwd = await project(['GET /health 200 application/json'])
    const run = await gate(cwd, ...ARGS)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatchInlineSnapshot(`
      "[contracttool] 2 operations changed against the base spec:

        GET /health
          200 application/json            covered
        GET /pets/{petId}
          404 application/problem+json    UNCOVERED
          404 (no content)                removed (not testable)

      1 changed response is not covered by any test.
      "
    `)
    const markdown = await gate(cwd, ...ARGS, '--format=markdown')
    expect(markdown.code).toBe(1)
    expect(markdown.stdout).toMatchInlineSnapshot(`
      "### contracttool spec patch coverage

      **1 changed response is not covered by any test.**

      | Operation | Change | Response | Coverage |
      | --- | --- | --- | --- |
      | \`GET /health\` | added | \`200 application/json\` | covered |
      | \`GET /pets/{petId}\` | changed | \`404 application/problem+json\` | UNCOVERED |
      | \`GET /pets/{petId}\` | changed | \`404 (no content)\` | removed (not testable) |
      "
    `)
  })

  it('passes when every changed response is validated', async () => {
    const cwd = await project([
      'GET /health 200 application/json',
      'GET /pets/{petId} 404 application/problem+json',
    ])
    const run = await gate(cwd, ...ARGS)
    expect(run.code).toBe(0)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('All changed responses are covered.')
  })

  it.each([
    {
      args: ['--spec=petstore.json', '--coverage=coverage.json'],
      stderr:
        "[contracttool] --base-spec=<path> is required.\nRun 'contracttool coverage:gate --help' for the options.\n",
    },
    {
      args: [...ARGS, '--format=html'],
      stderr:
        "[contracttool] --format must be text or markdown, got 'html'.\nRun 'contracttool coverage:gate --help' for the options.\n",
    },
    {
      args: ['--base-spec=base.json', '--spec=petstore.json', '--coverage=v2.json'],
      stderr: '[contracttool] Unsupported coverage schema_version in v2.json: expected 3.\n',
    },
    {
      args: ['--base-spec=gone.json', '--spec=petstore.json', '--coverage=coverage.json'],
      stderr: '[contracttool] --base-spec=gone.json: no such file (<tmp>/gone.json).\n',
    },
  ])('refuses $args with exit 2', async ({ args, stderr }) => {
    const cwd = await project(['GET /health 200 application/json'])
    writeFileSync(join(cwd, 'v2.json'), JSON.stringify({ schema_version: 2 }))
    const run = await gate(cwd, ...args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(stderr)
  })
})
