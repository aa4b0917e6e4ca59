import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { coverageJson } from '../../test/coverage-json.test-kit.js'
import { runCaptured } from '../../test/run-captured.test-kit.js'
import { tempDir } from '../../test/temp-dir.test-kit.js'

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

describe('contracttool coverage:gate on hostile added paths', () => {
  const HOSTILE = ['/x\n::error title=a::b', '/\u001b[31mred', '/a`<img src=x>`**b**', '/c\r', '/d\u202e']

  async function hostileProject(): Promise<string> {
    const cwd = tempDir()
    copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'base.json'))
    const proposed = JSON.parse(readFileSync(fixturePath('petstore-3.1.json'), 'utf8'))
    for (const path of HOSTILE)
      proposed.paths[path] = { get: { responses: { '204': { description: 'new' } } } }
    writeFileSync(join(cwd, 'petstore.json'), JSON.stringify(proposed))
    writeFileSync(
      join(cwd, 'coverage.json'),
      coverageJson(await loadSpecFile(join(cwd, 'petstore.json')), ['GET /health 200 application/json']),
    )
    return cwd
  }

  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const RAW = /[\r\u001b\u202e]/

  it('prints each path on its own line, with no workflow command and no terminal sequence', async () => {
    const run = await gate(await hostileProject(), ...ARGS)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('\n  GET /x\\n::error title=a::b\n')
    expect(run.stdout).toContain('\n  GET /\\u001b[31mred\n')
    expect(run.stdout).toContain('\n  GET /d\\u202e\n')
    expect(run.stdout).not.toMatch(RAW)
    for (const line of run.stdout.split('\n')) expect(line).not.toMatch(/^\s*::/)
  })

  it('keeps a path with backticks in one code span of the Markdown, so no HTML or emphasis renders', async () => {
    const run = await gate(await hostileProject(), ...ARGS, '--format=markdown')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('| ``GET /a`<img src=x>`**b**`` | added | `204 (no content)` | UNCOVERED |')
    expect(run.stdout).toContain('| `GET /c\\r` | added |')
    expect(run.stdout).not.toMatch(RAW)
  })
})

describe('contracttool coverage:gate with contracttool.config.*', () => {
  const configured = async (values: object): Promise<string> => {
    const cwd = await project(['GET /health 200 application/json'])
    writeFileSync(join(cwd, 'contracttool.config.json'), JSON.stringify(values))
    return cwd
  }
  const CONFIG = { specBasePath: '.', specs: ['petstore'], jsonOutput: 'coverage.json' }

  it('gates the configured spec on the coverage JSON the configured run writes', async () => {
    const cwd = await configured(CONFIG)
    const explicit = await gate(cwd, ...ARGS)
    const run = await gate(cwd, '--base-spec=base.json')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe(explicit.stdout)
    expect(run.stdout).toContain('404 application/problem+json    UNCOVERED')
    // The flags still win: a coverage JSON in which everything changed is validated.
    const spec = await loadSpecFile(join(cwd, 'petstore.json'))
    writeFileSync(
      join(cwd, 'full.json'),
      coverageJson(spec, [
        'GET /health 200 application/json',
        'GET /pets/{petId} 404 application/problem+json',
      ]),
    )
    expect((await gate(cwd, '--base-spec=base.json', '--coverage=full.json')).code).toBe(0)
  })

  it.each([
    {
      config: undefined,
      stderr: '--spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).',
    },
    {
      config: { specs: ['petstore'] },
      stderr:
        '--spec=<path> is required: contracttool.config.json does not name both specBasePath and specs.',
    },
    {
      config: { ...CONFIG, specs: ['petstore', 'other'] },
      stderr:
        "specs (contracttool.config.json) names 2 specs ('petstore', 'other') and no defaultSpec: pick one with --spec-name=<name>, or pass --spec=<path>.",
    },
    {
      config: { ...CONFIG, jsonOutput: undefined },
      stderr: '--coverage=<path> is required: contracttool.config.json names no jsonOutput.',
    },
  ])('says what is missing: $stderr', async ({ config, stderr }) => {
    const cwd = config === undefined ? await project([]) : await configured(config)
    const run = await gate(cwd, '--base-spec=base.json')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      `[contracttool] ${stderr}\nRun 'contracttool coverage:gate --help' for the options.\n`,
    )
  })

  it('refuses a config the test run would refuse, with the words of every runner', async () => {
    const cwd = await configured({ ...CONFIG, defaultSpec: 'other' })
    const run = await gate(cwd, '--base-spec=base.json')
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      "FATAL: [contracttool] option 'defaultSpec' (contracttool.config.json) 'other' is not one of specs (petstore).\n",
    )
  })

  it('suggests the configured spec closest to a mistyped --spec-name', async () => {
    const cwd = await configured({ ...CONFIG, specs: ['petstore', 'other'] })
    const run = await gate(cwd, '--base-spec=base.json', '--spec-name=petstor')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      "--spec-name is 'petstor', which specs (contracttool.config.json) does not list ('petstore', 'other'). Did you mean 'petstore'?",
    )
  })

  it('names the config when its files are missing', async () => {
    const cwd = await configured({ ...CONFIG, specs: ['gone'], jsonOutput: 'reports/coverage.json' })
    const noSpec = await gate(cwd, '--base-spec=base.json')
    expect(noSpec.code).toBe(2)
    expect(noSpec.stderr).toMatch(/^\[contracttool\] specs \(contracttool\.config\.json\): .*gone/)
    const noCoverage = await gate(cwd, '--base-spec=base.json', '--spec-name=gone', '--spec=petstore.json')
    expect(noCoverage.code).toBe(2)
    expect(noCoverage.stderr).toBe(
      '[contracttool] jsonOutput=reports/coverage.json (contracttool.config.json): no such file (<tmp>/reports/coverage.json). Run the tests first, or pass --coverage=<path>.\n',
    )
  })
})
