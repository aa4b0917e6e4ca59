import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { lockSidecars } from '@contracttool/coverage'
import { fixturePath } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { writeControlCharacterSpec } from '../../test/control-character-spec.test-kit.js'
import { runCaptured } from '../../test/run-captured.test-kit.js'
import { writeWorkerSidecar } from '../../test/sidecars.test-kit.js'
import { tempDir } from '../../test/temp-dir.test-kit.js'

const TOM = { id: 1, name: 'Tom', kind: 'cat', tag: 'indoor', createdAt: '2024-01-15T09:30:00Z' }

/** A project with `openapi/petstore.json` and two workers' sidecars. */
function project(): { cwd: string; sidecars: string } {
  const cwd = tempDir()
  mkdirSync(join(cwd, 'openapi'))
  copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'openapi/petstore.json'))
  const sidecars = join(cwd, 'sidecars')
  writeWorkerSidecar(sidecars, 'shard-1', 'petstore', [
    { tuple: 'GET /pets/{petId} 200 application/json', body: TOM },
    { tuple: 'GET /health 200 application/json', body: { status: 'ok' } },
  ])
  writeWorkerSidecar(sidecars, 'shard-2', 'petstore', [
    { tuple: 'GET /pets/{petId} 200 application/json', body: TOM },
    { tuple: 'GET /pets/{petId} 404 application/problem+json' },
    { tuple: 'DELETE /pets/{petId} 204 *' },
  ])
  return { cwd, sidecars }
}

const merge = (cwd: string, ...args: string[]) =>
  runCaptured(['coverage:merge', '--spec-base-path=openapi', '--sidecar-dir=sidecars', ...args], {
    cwd,
    replace: { '<tmp>': cwd },
  })

/** Two shards whose sidecars carry the options they ran with, as `contractTesting()` gave them. */
function shardedProject(second: Record<string, unknown> = {}): string {
  const cwd = tempDir()
  mkdirSync(join(cwd, 'openapi'))
  copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'openapi/petstore.json'))
  const options = {
    specBasePath: 'openapi',
    specs: ['petstore'],
    jsonOutput: 'reports/coverage.json',
    minEndpointCoverage: 90,
    minCoverageStrict: true,
  }
  const sidecars = join(cwd, 'sidecars')
  writeWorkerSidecar(sidecars, 'shard-1', 'petstore', [{ tuple: 'GET /health 200 application/json' }], {
    root: cwd,
    options,
  })
  writeWorkerSidecar(sidecars, 'shard-2', 'petstore', [{ tuple: 'DELETE /pets/{petId} 204 *' }], {
    root: cwd,
    options: { ...options, ...second },
  })
  return cwd
}

describe('contracttool coverage:merge', () => {
  it('reproduces a sharded run from the options its sidecars carry: its reports and its strict gate', async () => {
    const cwd = shardedProject()
    const run = await runCaptured(['coverage:merge', '--sidecar-dir=sidecars', '--no-cleanup'], { cwd })
    expect(run.stderr).toBe('[OpenAPI Coverage] FAIL: endpoint coverage 12.5% < threshold 90%.\n')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('[petstore] endpoints: 1/8 fully covered')
    const json = JSON.parse(readFileSync(join(cwd, 'reports/coverage.json'), 'utf8'))
    expect(json.aggregate.endpoint_fully_covered).toBe(1)
    // Flags win over the shards' options.
    const lenient = await runCaptured(
      [
        'coverage:merge',
        '--sidecar-dir=sidecars',
        '--min-endpoint-coverage=10',
        '--json-output=other.json',
        '--no-cleanup',
      ],
      { cwd },
    )
    expect(lenient.stderr).toBe('')
    expect(lenient.code).toBe(0)
    expect(existsSync(join(cwd, 'other.json'))).toBe(true)
    // A threshold flag replaces the shards' gate as a whole: their strict endpoint threshold is gone too.
    const responsesOnly = await runCaptured(
      ['coverage:merge', '--sidecar-dir=sidecars', '--min-response-coverage=1'],
      { cwd },
    )
    expect(responsesOnly.stderr).toBe('')
    expect(responsesOnly.code).toBe(0)
  })

  it('names both shards when they ran with different options, unless a flag chooses', async () => {
    const cwd = shardedProject({ minEndpointCoverage: 80 })
    const run = await runCaptured(['coverage:merge', '--sidecar-dir=sidecars'], { cwd })
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      "FATAL: [contracttool] shards disagree on option 'minEndpointCoverage': 90 (contractTesting(), sidecar of shard-1) and 80 (contractTesting(), sidecar of shard-2). Pass --min-endpoint-coverage to choose, or run every shard with the same options.\n",
    )
    expect(readdirSync(join(cwd, 'sidecars'))).toHaveLength(2)
    const chosen = await runCaptured(
      ['coverage:merge', '--sidecar-dir=sidecars', '--min-endpoint-coverage=5'],
      {
        cwd,
      },
    )
    expect(chosen.code).toBe(0)
  })

  it('merges the sidecars, writes every report and deletes the sidecars', async () => {
    const { cwd, sidecars } = project()
    const summary = join(cwd, 'summary.md')
    const run = await merge(
      cwd,
      '--specs=petstore',
      '--json-output=reports/coverage.json',
      '--junit-output=reports/coverage.xml',
      '--markdown-output=reports/coverage.md',
      '--html-output=reports/coverage.html',
      `--github-step-summary=${summary}`,
      '--console-output=all',
    )
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatchInlineSnapshot(`
      "

      OpenAPI Contract Test Coverage
      ==================================================

      [petstore] endpoints: 2/8 fully covered (25%), 1 partial, 5 uncovered
              responses: 4/16 covered (25%), 0 skipped, 12 uncovered
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type
        ◐ DELETE /pets/{petId}  (1/2 responses)
            ✓ 204    *                               [1]
            ✗ 404    application/problem+json        uncovered
        ✓ GET /health  (1/1 responses)
            ✓ 200    application/json                [1]
        ✗ GET /pets  (0/2 responses)
            ✗ 200    application/json                uncovered
            ✗ default  application/problem+json        uncovered
        ✗ GET /pets/mine  (0/1 responses)
            ✗ 200    application/json                uncovered
        ✓ GET /pets/{petId}  (2/2 responses)
            ✓ 200    application/json                [2]
            ✓ 404    application/problem+json        [1]
        ✗ GET /pets/{petId}/photo  (0/3 responses)
            ✗ 200    application/json                uncovered
            ✗ 200    image/png                       uncovered
            ✗ 404    application/problem+json        uncovered
        ✗ PATCH /pets/{petId}  (0/2 responses)
            ✗ 200    application/json                uncovered
            ✗ 404    application/problem+json        uncovered
        ✗ POST /pets  (0/3 responses)
            ✗ 201    application/json                uncovered
            ✗ 400    application/problem+json        uncovered
            ✗ 422    *                               uncovered

      "
    `)
    const json = JSON.parse(readFileSync(join(cwd, 'reports/coverage.json'), 'utf8'))
    expect(json.schema_version).toBe(3)
    expect(json.aggregate.response_covered).toBe(4)
    expect(readdirSync(join(cwd, 'reports')).sort()).toEqual([
      'coverage.html',
      'coverage.json',
      'coverage.md',
      'coverage.xml',
    ])
    expect(readFileSync(summary, 'utf8')).toContain('## OpenAPI Contract Test Coverage')
    expect(readdirSync(sidecars)).toEqual([])
  })

  it('fails a strict threshold after writing the reports', async () => {
    const { cwd } = project()
    const run = await merge(
      cwd,
      '--specs=petstore',
      '--json-output=coverage.json',
      '--min-response-coverage=80',
      '--min-endpoint-coverage=10',
      '--min-coverage-strict',
    )
    expect(run.code).toBe(1)
    expect(existsSync(join(cwd, 'coverage.json'))).toBe(true)
    expect(run.stderr).toMatchInlineSnapshot(`
      "[OpenAPI Coverage] FAIL: endpoint coverage 25% (>= 10%, ok).
                               response coverage 25% < threshold 80%.
      "
    `)
  })

  it('only warns about a threshold miss without --min-coverage-strict', async () => {
    const { cwd } = project()
    const run = await merge(cwd, '--specs=petstore', '--min-response-coverage=80')
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/^\[OpenAPI Coverage\] WARN: response coverage 25% < threshold 80%\.\n$/)
  })

  it('fails --strict-required=fail on fields every response carried but the schema does not require', async () => {
    const { cwd } = project()
    const run = await merge(cwd, '--specs=petstore', '--strict-required=fail')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      '[OpenAPI Strict Required] FATAL: 1 endpoint response(s) have always-present fields missing from `required`.',
    )
    expect(run.stderr).toContain('GET /pets/{petId}')
    expect(run.stdout).toContain('[petstore] endpoints:')
  })

  it('reports the specs the sidecars mention when --specs is not given, and keeps them with --no-cleanup', async () => {
    const { cwd, sidecars } = project()
    const run = await merge(cwd, '--no-cleanup')
    expect(run.code).toBe(0)
    expect(readdirSync(sidecars)).toHaveLength(2)
    expect(run.stderr).toBe(
      '[OpenAPI Coverage] NOTE: --specs not given; reporting the spec(s) the sidecars mention: petstore. Pass --specs to include specs no test reached.\n',
    )
  })

  it('is FATAL, keeping the sidecars, when a spec was removed since the run', async () => {
    const { cwd, sidecars } = project()
    const run = await merge(cwd, '--specs=petstore,orders')
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      /^\[OpenAPI Coverage\] FATAL: spec 'orders' configured in --specs is not loadable: /,
    )
    expect(run.stderr).toContain(
      "Action: restore or regenerate the spec under <tmp>/openapi, or remove 'orders' from --specs.",
    )
    expect(readdirSync(sidecars)).toHaveLength(2)
  })

  it('escapes control characters of spec text in its FATAL line, so a spec cannot start a workflow command', async () => {
    const { cwd } = project()
    writeControlCharacterSpec(join(cwd, 'openapi/petstore.json'))
    const run = await merge(cwd, '--specs=petstore')
    expect(run.code).toBe(1)
    const lines = run.stderr.split('\n')
    expect(lines[0]).toMatch(
      /^\[OpenAPI Coverage\] FATAL: spec 'petstore' configured in --specs is not loadable: /,
    )
    expect(lines[0]).toContain('points to a missing file: <tmp>/openapi/m\\n::error::pwned\\u001b[31m.json.')
    expect(lines[1]).toBe(
      "  Action: restore or regenerate the spec under <tmp>/openapi, or remove 'petstore' from --specs.",
    )
    expect(run.stderr).not.toMatch(/^::error::/m)
    expect(run.stderr).not.toContain('\u001b')
  })

  it.each([
    {
      name: 'a failure marker',
      prepare: (dir: string) =>
        writeFileSync(join(dir, 'failed-shard-3-77.json'), '{"testToken":"shard-3","reason":"disk full"}'),
      stderr:
        /^\[OpenAPI Coverage\] FATAL: 1 worker\(s\) or shard\(s\) left a failure marker instead of their sidecar; merging would under-count coverage\. Markers in <tmp>\/sidecars: failed-shard-3-77\.json \(shard-3\): disk full\n$/,
    },
    {
      name: 'a truncated sidecar',
      prepare: (dir: string) => writeFileSync(join(dir, 'part-shard-3-77.json'), '{"envelopeVersion":'),
      stderr:
        /^\[OpenAPI Coverage\] FATAL: invalid sidecar payload: Sidecar file <tmp>\/sidecars\/part-shard-3-77\.json holds truncated or corrupt JSON/,
    },
  ])('is FATAL on $name', async ({ prepare, stderr }) => {
    const { cwd, sidecars } = project()
    prepare(sidecars)
    const run = await merge(cwd, '--specs=petstore')
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(stderr)
    expect(readdirSync(sidecars).length).toBeGreaterThanOrEqual(3)
  })

  it('is FATAL when --expect-sidecars does not match', async () => {
    const { cwd, sidecars } = project()
    const run = await merge(cwd, '--specs=petstore', '--expect-sidecars=3')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      '[OpenAPI Coverage] FATAL: expected 3 sidecar(s) in <tmp>/sidecars but found 2; a worker or shard is missing or extra. Sidecars were kept.\n',
    )
    expect(readdirSync(sidecars)).toHaveLength(2)
  })

  it('is FATAL while another merge holds the sidecar directory, and releases its own lock', async () => {
    const { cwd, sidecars } = project()
    const held = lockSidecars(sidecars)
    const blocked = await merge(cwd, '--specs=petstore')
    expect(blocked.code).toBe(1)
    expect(blocked.stderr).toMatch(
      /^\[OpenAPI Coverage\] FATAL: Another merge \(pid \d+ on .+\) is merging the sidecars in <tmp>\/sidecars; /,
    )
    expect(readdirSync(sidecars).filter((name) => name.startsWith('part-'))).toHaveLength(2)
    held.release()
    const run = await merge(cwd, '--specs=petstore')
    expect(run.code).toBe(0)
    expect(readdirSync(sidecars)).toEqual([])
  })

  it('takes over a merge lock that a merge which died left empty, with a NOTE', async () => {
    const { cwd, sidecars } = project()
    const lock = join(sidecars, '.contracttool-merge.lock')
    writeFileSync(lock, '', { mode: 0o600 })
    const past = new Date(Date.now() - 60_000)
    utimesSync(lock, past, past)
    const run = await merge(cwd, '--specs=petstore')
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(
      '[OpenAPI Coverage] NOTE: took over the merge lock <tmp>/sidecars/.contracttool-merge.lock, which named no owner (a merge that died while taking it).\n',
    )
    expect(readdirSync(sidecars)).toEqual([])
  })

  it('says what is wrong with a sidecar folder it refuses, without calling it a payload', async () => {
    const { cwd, sidecars } = project()
    chmodSync(sidecars, 0o777)
    const run = await merge(cwd, '--specs=petstore')
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^\[OpenAPI Coverage\] FATAL: Sidecar directory <tmp>\/sidecars is /)
    expect(run.stderr).not.toContain('payload')
  })

  it('warns without sidecars, and fails when a strict threshold needs them', async () => {
    const cwd = tempDir()
    const warn = await merge(cwd, '--specs=petstore')
    expect(warn.code).toBe(0)
    expect(warn.stderr).toBe(
      '[OpenAPI Coverage] WARNING: no sidecars found in <tmp>/sidecars; nothing to merge.\n',
    )
    const fatal = await merge(
      cwd,
      '--specs=petstore',
      '--min-endpoint-coverage=50',
      '--min-coverage-strict=true',
    )
    expect(fatal.code).toBe(1)
    expect(fatal.stderr).toBe(
      '[OpenAPI Coverage] FATAL: no sidecars found in <tmp>/sidecars; no contract test coverage was recorded; configured threshold cannot be evaluated.\n',
    )
  })

  it.each([
    {
      args: ['--specs=petstore'],
      base: false,
      stderr:
        "FATAL: [contracttool] option '--spec-base-path' (contracttool coverage:merge) is required: the directory holding your OpenAPI files.\n",
    },
    {
      args: ['--strict-required=enforce'],
      base: true,
      stderr:
        /^FATAL: \[OpenAPI Strict Required\] --strict-required="?enforce"? is not recognised\. Accepted: off, warn, fail\./,
    },
    {
      args: ['--min-endpoint-coverage=abc', '--min-coverage-strict'],
      base: true,
      stderr:
        'FATAL: [contracttool] option \'--min-endpoint-coverage\' (contracttool coverage:merge) must be a number, got the string "abc".\n',
    },
    {
      args: ['--expect-sidecars=two'],
      base: true,
      stderr: "[OpenAPI Coverage] FATAL: --expect-sidecars must be a non-negative integer, got 'two'.\n",
    },
  ])('refuses $args with exit 2', async ({ args, base, stderr }) => {
    const { cwd } = project()
    const run = base
      ? await merge(cwd, ...args)
      : await runCaptured(['coverage:merge', ...args], { cwd, replace: { '<tmp>': cwd } })
    expect(run.code).toBe(2)
    if (typeof stderr === 'string') expect(run.stderr).toBe(stderr)
    else expect(run.stderr).toMatch(stderr)
  })
})

describe('contracttool coverage:merge with contracttool.config.*', () => {
  const mergeBare = (cwd: string, ...args: string[]) =>
    runCaptured(['coverage:merge', '--sidecar-dir=sidecars', ...args], { cwd, replace: { '<tmp>': cwd } })
  const config = (cwd: string, values: Record<string, unknown>) =>
    writeFileSync(join(cwd, 'contracttool.config.json'), JSON.stringify(values))

  it('takes specBasePath, specs, outputs and gates from the file the test run reads', async () => {
    const { cwd } = project()
    config(cwd, {
      specBasePath: 'openapi',
      specs: ['petstore'],
      jsonOutput: 'reports/coverage.json',
      outputFile: 'reports/coverage.md',
      consoleOutput: 'uncovered_only',
      minResponseCoverage: 80,
      minCoverageStrict: true,
      maxErrors: 5,
    })
    const run = await mergeBare(cwd)
    expect(run.code).toBe(1)
    // specs came from the file: no NOTE about --specs, and the gate is strict.
    expect(run.stderr).toBe('[OpenAPI Coverage] FAIL: response coverage 25% < threshold 80%.\n')
    const json = readFileSync(join(cwd, 'reports/coverage.json'), 'utf8')
    expect(JSON.parse(json)).toMatchObject({ schema_version: 3 })
    expect(json).toContain('"petstore"')
    expect(readFileSync(join(cwd, 'reports/coverage.md'), 'utf8')).toContain('petstore')
    // uncovered_only: uncovered sub-rows shown (default mode has none), validated ones hidden (all has them).
    expect(run.stdout).toContain('✗ 404    application/problem+json')
    expect(run.stdout).not.toContain('✓ 204')
  })

  it('lets every flag win over the file', async () => {
    const { cwd } = project()
    config(cwd, {
      specBasePath: 'elsewhere',
      specs: ['missing'],
      minResponseCoverage: 80,
      minCoverageStrict: true,
    })
    const run = await mergeBare(
      cwd,
      '--spec-base-path=openapi',
      '--specs=petstore',
      '--min-response-coverage=20',
    )
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
  })

  it('names the key and the file in gate and spec messages', async () => {
    const { cwd } = project()
    config(cwd, { specBasePath: 'openapi', specs: ['petstore', 'gone'], minEndpointCoverage: 101 })
    const run = await mergeBare(cwd, '--no-cleanup')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      '[OpenAPI Coverage] WARNING: minEndpointCoverage (contracttool.config.json)=101 is out of range (expected 0-100); skipping threshold gate.',
    )
    expect(run.stderr).toContain(
      "[OpenAPI Coverage] FATAL: spec 'gone' configured in specs (contracttool.config.json) is not loadable:",
    )
  })

  it('turns the step summary off with githubStepSummary: false, even where $GITHUB_STEP_SUMMARY is set', async () => {
    const { cwd } = project()
    const summary = join(cwd, 'summary.md')
    config(cwd, { specBasePath: 'openapi', specs: ['petstore'], githubStepSummary: false })
    const off = await runCaptured(['coverage:merge', '--sidecar-dir=sidecars', '--no-cleanup'], {
      cwd,
      env: { GITHUB_STEP_SUMMARY: summary },
    })
    expect(off.code).toBe(0)
    expect(existsSync(summary)).toBe(false)
    config(cwd, { specBasePath: 'openapi', specs: ['petstore'], githubStepSummary: 'from-config.md' })
    const on = await runCaptured(['coverage:merge', '--sidecar-dir=sidecars'], { cwd, env: {} })
    expect(on.code).toBe(0)
    expect(readFileSync(join(cwd, 'from-config.md'), 'utf8')).toContain('petstore')
  })

  it.each([
    [
      { specs: 'petstore' },
      'option \'specs\' (contracttool.config.json) must be an array of spec names (non-empty strings), got the string "petstore".',
    ],
    [
      { minResponseCoverage: '80' },
      'option \'minResponseCoverage\' (contracttool.config.json) must be a number, got the string "80".',
    ],
    [
      { minCoverageStrict: 'yes' },
      'option \'minCoverageStrict\' (contracttool.config.json) must be true or false, got the string "yes".',
    ],
    [
      { githubStepSummary: true },
      "option 'githubStepSummary' (contracttool.config.json) must be a non-empty string, got boolean true.",
    ],
  ])('refuses %j with exit 2 before reading any sidecar', async (values, message) => {
    const { cwd, sidecars } = project()
    config(cwd, { specBasePath: 'openapi', ...values })
    const run = await mergeBare(cwd)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`FATAL: [contracttool] ${message}\n`)
    expect(readdirSync(sidecars).length).toBe(2)
  })

  it('refuses a config file that does not load, naming it', async () => {
    const { cwd } = project()
    writeFileSync(join(cwd, 'contracttool.config.json'), '{ "specs": ')
    const run = await mergeBare(cwd)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      /^FATAL: \[contracttool\] contracttool\.config\.json cannot be read as JSON: .+\. Fix the file or remove it; the runner's own options can carry the same keys\.\n$/,
    )
  })
})
