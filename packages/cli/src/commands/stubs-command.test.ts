import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { writeControlCharacterSpec } from '../../test/control-character-spec.test-kit.js'
import { coverageJson } from '../../test/coverage-json.test-kit.js'
import { runCaptured } from '../../test/run-captured.test-kit.js'
import { tempDir } from '../../test/temp-dir.test-kit.js'

function project(...fixtures: string[]): string {
  const dir = tempDir()
  for (const name of fixtures) copyFileSync(fixturePath(name), join(dir, name.replace(/^.*\//, '')))
  return dir
}

// Vitest unless a test names another runner (the runner a project depends on is inferred; tested below).
const stubs = (cwd: string, ...args: string[]) =>
  runCaptured(
    ['stubs', ...(args.some((arg) => arg.startsWith('--runner')) ? [] : ['--runner=vitest']), ...args],
    {
      cwd,
      replace: { '<tmp>': cwd },
    },
  )

describe('contracttool stubs', () => {
  it.each([
    {
      dependencies: { jest: '30' },
      line: 'Writing jest tests: package.json depends on jest;',
      file: 'get-pets.test.cjs',
      head: "const { openApiSpec } = require('@contracttool/jest')",
    },
    {
      dependencies: { jest: '30', 'ts-jest': '29' },
      line: 'Writing jest tests: package.json depends on jest;',
      file: 'get-pets.test.ts',
      head: "import { openApiSpec } from '@contracttool/jest'",
    },
    {
      dependencies: { vitest: '4', jest: '30' },
      line: 'Writing vitest tests: package.json depends on vitest (also jest);',
      file: 'get-pets.test.ts',
      head: "import { openApiSpec } from '@contracttool/vitest'",
    },
    {
      dependencies: undefined,
      line: 'Writing node-test tests: package.json names no vitest, jest, mocha or @playwright/test;',
      file: 'get-pets.test.mjs',
      head: "import assert from 'node:assert/strict'",
    },
  ])(
    'infers the runner from package.json and says so: $line $file',
    async ({ dependencies, line, file, head }) => {
      const cwd = project('petstore-3.1.json')
      if (dependencies !== undefined) {
        writeFileSync(
          join(cwd, 'package.json'),
          JSON.stringify({ type: 'module', devDependencies: dependencies }),
        )
      }
      const run = await runCaptured(['stubs', '--spec=petstore-3.1.json', '--output=out'], { cwd })
      expect(run.code).toBe(0)
      expect(run.stdout.split('\n')[0]).toBe(
        `[contracttool] ${line} pass --runner=vitest|jest|node-test|mocha|playwright to choose.`,
      )
      expect(readFileSync(join(cwd, 'out', file), 'utf8')).toContain(head)
    },
  )

  it('suggests the closest runner to a mistyped --runner', async () => {
    const run = await runCaptured(['stubs', '--spec=petstore-3.1.json', '--runner=moch'], {
      cwd: project('petstore-3.1.json'),
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      "--runner must be one of vitest, jest, node-test, mocha, playwright, got 'moch'. Did you mean 'mocha'?",
    )
  })

  it('stubs the whole spec, then leaves every existing file untouched', async () => {
    const cwd = project('petstore-3.1.json')
    const first = await stubs(
      cwd,
      '--spec=petstore-3.1.json',
      '--adapter=supertest',
      '--app-module=src/app.ts#app',
    )
    expect(first.code).toBe(0)
    expect(first.stderr).toBe('')
    expect(first.stdout).toMatchInlineSnapshot(`
      "[contracttool] Wrote 8 files covering 16 uncovered responses to tests/contract:
        + delete-pets-pet-id.test.ts
        + get-health.test.ts
        + get-pets.test.ts
        + get-pets-mine.test.ts
        + get-pets-pet-id.test.ts
        + get-pets-pet-id-photo.test.ts
        + patch-pets-pet-id.test.ts
        + post-pets.test.ts
      "
    `)
    const written = readFileSync(join(cwd, 'tests/contract/get-pets-pet-id.test.ts'), 'utf8')
    expect(written).toContain("import { app } from '../../src/app.js'")
    expect(written).toContain("openApiSpec('petstore-3.1')")

    writeFileSync(join(cwd, 'tests/contract/get-health.test.ts'), '// edited by hand\n')
    const second = await stubs(
      cwd,
      '--spec=petstore-3.1.json',
      '--adapter=supertest',
      '--app-module=src/app.ts#app',
    )
    expect(second.code).toBe(0)
    expect(second.stdout).toMatchInlineSnapshot(`
      "[contracttool] Nothing new to write to tests/contract.
      [contracttool] 8 files already exist and were left untouched:
        = delete-pets-pet-id.test.ts
        = get-health.test.ts
        = get-pets.test.ts
        = get-pets-mine.test.ts
        = get-pets-pet-id.test.ts
        = get-pets-pet-id-photo.test.ts
        = patch-pets-pet-id.test.ts
        = post-pets.test.ts
      "
    `)
    expect(readFileSync(join(cwd, 'tests/contract/get-health.test.ts'), 'utf8')).toBe('// edited by hand\n')
    expect(readFileSync(join(cwd, 'tests/contract/get-pets-pet-id.test.ts'), 'utf8')).toBe(written)
  })

  it('writes byte-identical files on every run', async () => {
    const one = project('petstore-3.1.json')
    const two = project('petstore-3.1.json')
    await stubs(one, '--spec=petstore-3.1.json', '--adapter=fetch', '--spec-name=petstore')
    await stubs(two, '--spec=petstore-3.1.json', '--adapter=fetch', '--spec-name=petstore')
    const files = readdirSync(join(one, 'tests/contract')).sort()
    expect(files).toEqual(readdirSync(join(two, 'tests/contract')).sort())
    for (const file of files) {
      expect(readFileSync(join(one, 'tests/contract', file), 'utf8')).toBe(
        readFileSync(join(two, 'tests/contract', file), 'utf8'),
      )
    }
  })

  it('stubs only what the coverage JSON left uncovered or skipped', async () => {
    const cwd = project('petstore-3.1.json')
    const spec = await loadSpecFile(join(cwd, 'petstore-3.1.json'), { name: 'petstore' })
    const validated = spec.operations
      .filter((op) => op.key !== 'GET /pets/{petId}')
      .flatMap((op) =>
        Object.entries(op.responses as Record<string, { content?: Record<string, unknown> }>).flatMap(
          ([status, response]) =>
            response.content === undefined
              ? [`${op.method} ${op.path} ${status} *`]
              : Object.keys(response.content).map((ct) => `${op.method} ${op.path} ${status} ${ct}`),
        ),
      )
    writeFileSync(
      join(cwd, 'coverage.json'),
      coverageJson(spec, [...validated, 'GET /pets/{petId} 200 application/json']),
    )
    const run = await stubs(
      cwd,
      '--spec=petstore-3.1.json',
      '--spec-name=petstore',
      '--coverage=coverage.json',
      '--output=test/contract',
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchInlineSnapshot(`
      "[contracttool] Wrote 1 file covering 1 uncovered response to test/contract:
        + get-pets-pet-id.test.ts
      "
    `)

    writeFileSync(
      join(cwd, 'all.json'),
      coverageJson(spec, [
        ...validated,
        'GET /pets/{petId} 200 application/json',
        'GET /pets/{petId} 404 application/problem+json',
      ]),
    )
    const none = await stubs(cwd, '--spec=petstore-3.1.json', '--spec-name=petstore', '--coverage=all.json')
    expect(none.code).toBe(0)
    expect(none.stdout).toBe(
      "[contracttool] Nothing to stub: every documented response of 'petstore' is validated in all.json.\n",
    )
  })

  it('reports what it cannot stub and the notes, in a dry run that writes nothing', async () => {
    const cwd = project('stubgen/stub-cases-3.2.json')
    const run = await stubs(
      cwd,
      '--spec=stub-cases-3.2.json',
      '--adapter=fastify',
      '--dry-run',
      '--request-prefix=/api/',
    )
    expect(run.code).toBe(0)
    expect(existsSync(join(cwd, 'tests'))).toBe(false)
    expect(run.stdout).toMatchInlineSnapshot(`
      "[contracttool] Dry run: would write 14 files covering 20 uncovered responses to tests/contract:
        + copy-items-item-id-afc9fd8.test.ts
        + delete-only-default.test.ts
        + get-root.test.ts
        + get-events.test.ts
        + get-items-item-id.test.ts
        + get-pet-items-87d7cdb.test.ts
        + get-pet-items-22874ab.test.ts
        + get-pet-items-60b6d47.test.ts
        + get-reports.test.ts
        + post-forms.test.ts
        + post-scalars.test.ts
        + post-uploads.test.ts
        + put-texts.test.ts
        + query-search.test.ts
      [contracttool] 3 responses could not be stubbed:
        ! GET /reports 200 application/*: media type range 'application/*' declares a schema next to a JSON media type: a JSON response is validated against the JSON sibling and any other type is skipped, so no response can validate this tuple.
        ! POST /texts 200 (no content): the request body only declares media type range (text/*), which names no Content-Type.
        ! copy /items/{itemId} 204 (no content): fastify sends requests through Node's HTTP parser, which accepts only registered upper-case methods, not 'copy'; use --adapter=fetch or --adapter=plain.
      [contracttool] 1 response key(s) not an HTTP status, a range, or \`default\` (GET /items/{itemId} '2001'); run \`contracttool doctor\` for the details.
      "
    `)
  })

  it('accepts an absolute output directory outside the working directory', async () => {
    const cwd = project('petstore-3.1.json')
    const elsewhere = tempDir()
    const run = await stubs(cwd, '--spec=petstore-3.1.json', `--output=${elsewhere}`)
    expect(run.code).toBe(0)
    expect(readdirSync(elsewhere)).toContain('get-pets.test.ts')
  })

  it.each([
    {
      args: [],
      stderr:
        "[contracttool] --spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).\nRun 'contracttool stubs --help' for the options.\n",
    },
    {
      args: ['--spec=petstore-3.1.json', '--adapter=jest'],
      stderr:
        "[contracttool] --adapter must be one of plain, supertest, fastify, fetch, got 'jest'.\nRun 'contracttool stubs --help' for the options.\n",
    },
    {
      args: ['--spec=nope.yaml'],
      stderr: '[contracttool] --spec=nope.yaml: no such file (<tmp>/nope.yaml).\n',
    },
    {
      args: ['--spec=.'],
      stderr: '[contracttool] --spec=. is a directory; expected a .json, .yaml or .yml file.\n',
    },
    {
      args: ['--spec=shadow.yaml'],
      stderr:
        '[contracttool] --spec=shadow.yaml is shadowed by <tmp>/shadow.json: the runtime loader looks specs up by name (.json before .yaml before .yml) and would read that file instead. Remove or rename one of them.\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--coverage=v2.json'],
      stderr: '[contracttool] Unsupported coverage schema_version in v2.json: expected 3.\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--coverage=missing.json'],
      stderr: '[contracttool] --coverage=missing.json: no such file (<tmp>/missing.json).\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--coverage=/dev/zero'],
      stderr:
        '[contracttool] --coverage=/dev/zero cannot be read (it is a character device, not a regular file); expected a coverage JSON file.\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--coverage=.'],
      stderr:
        '[contracttool] --coverage=. cannot be read (it is a folder, not a regular file); expected a coverage JSON file.\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--output=file.txt'],
      stderr: '[contracttool] --output=file.txt is a file; expected a directory.\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--output=../elsewhere'],
      stderr:
        '[contracttool] --output=../elsewhere leaves the working directory (<tmp>); pass an absolute path if that is really where the stubs belong.\n',
    },
    {
      args: ['--spec=petstore-3.1.json', '--adapter=fetch', '--request-prefix=https://api.example.com/v1'],
      stderr:
        "[contracttool] Invalid request prefix 'https://api.example.com/v1': it names a scheme or host. Expected an absolute URI path such as /api or /api/v1 (percent-encode spaces and non-ASCII characters).\n",
    },
    {
      args: ['--spec=petstore-3.1.json', '--adapter=fetch', '--request-prefix=/api?v=1'],
      stderr:
        "[contracttool] Invalid request prefix '/api?v=1': it carries a query string. Expected an absolute URI path such as /api or /api/v1 (percent-encode spaces and non-ASCII characters).\n",
    },
    {
      args: ['--spec=petstore-3.1.json', '--request-prefix=/api'],
      stderr:
        "[contracttool] The plain adapter sends no request, so a request prefix ('/api') cannot apply; drop it or choose --adapter=supertest|fastify|fetch.\n",
    },
    {
      args: ['--spec=petstore-3.1.json', '--coverage=other-spec.json'],
      stderr:
        "[contracttool] The coverage document has no spec 'petstore-3.1' (it has: petstore); pass the name with --spec-name. Did you mean 'petstore'?\n",
    },
    {
      args: ['--spec=petstore-3.1.json', '--adapter=supertest', '--app-module=src/app.ts#not-a-name'],
      stderr:
        "[contracttool] Invalid app module 'src/app.ts#not-a-name': 'not-a-name' is not an export name. Expected <file>[#<export>[()]], for example src/app.ts#app or src/app.ts#buildApp().\n",
    },
  ])('refuses $args with exit 2 and a message naming the input', async ({ args, stderr }) => {
    const cwd = project('petstore-3.1.json', 'shadow.json', 'shadow.yaml')
    const spec = await loadSpecFile(join(cwd, 'petstore-3.1.json'), { name: 'petstore' })
    writeFileSync(join(cwd, 'v2.json'), JSON.stringify({ schema_version: 2, specs: {} }))
    writeFileSync(join(cwd, 'other-spec.json'), coverageJson(spec, ['GET /health 200 application/json']))
    writeFileSync(join(cwd, 'file.txt'), '')
    const run = await stubs(cwd, ...args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(stderr)
    expect(existsSync(join(cwd, 'tests'))).toBe(false)
  })

  it("prints an unloadable spec's message on one line, its control characters escaped", async () => {
    const cwd = tempDir()
    writeControlCharacterSpec(join(cwd, 'evil.json'))
    const run = await stubs(cwd, '--spec=evil.json')
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')).toEqual([
      expect.stringMatching(
        /^\[contracttool\] .*points to a missing file: <tmp>\/m\\n::error::pwned\\u001b\[31m\.json\.$/,
      ),
      '',
    ])
  })

  it('refuses a truncated coverage JSON', async () => {
    const cwd = project('petstore-3.1.json')
    const spec = await loadSpecFile(join(cwd, 'petstore-3.1.json'))
    writeFileSync(
      join(cwd, 'cut.json'),
      coverageJson(spec, ['GET /health 200 application/json']).slice(0, 120),
    )
    const run = await stubs(cwd, '--spec=petstore-3.1.json', '--coverage=cut.json')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^\[contracttool\] Coverage file is not valid JSON: cut\.json \(/)
  })

  it('creates a missing output directory and writes atomically, leaving no temporary files', async () => {
    const cwd = project('petstore-3.1.json')
    mkdirSync(join(cwd, 'deep'))
    const run = await stubs(cwd, '--spec=petstore-3.1.json', '--output=deep/er/contract')
    expect(run.code).toBe(0)
    expect(readdirSync(join(cwd, 'deep/er/contract')).filter((f) => !f.endsWith('.test.ts'))).toEqual([])
  })
})

describe('contracttool stubs with contracttool.config.*', () => {
  const configured = (values: object): string => {
    const cwd = tempDir()
    mkdirSync(join(cwd, 'openapi'))
    copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'openapi', 'petstore.json'))
    copyFileSync(fixturePath('petstore-3.0.yaml'), join(cwd, 'openapi', 'legacy.yaml'))
    writeFileSync(join(cwd, 'contracttool.config.json'), JSON.stringify(values))
    return cwd
  }

  it('stubs the spec the config names, under the name the tests use', async () => {
    const cwd = configured({
      specBasePath: 'openapi',
      specs: ['petstore', 'legacy'],
      defaultSpec: 'petstore',
    })
    const run = await stubs(cwd, '--dry-run')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain(
      '[contracttool] Dry run: would write 8 files covering 16 uncovered responses',
    )
    const written = await stubs(cwd, '--spec-name=legacy')
    expect(written.code).toBe(0)
    const files = readdirSync(join(cwd, 'tests/contract'))
    expect(files.length).toBeGreaterThan(0)
    expect(readFileSync(join(cwd, 'tests/contract', files[0] as string), 'utf8')).toContain(
      "openApiSpec('legacy')",
    )
  })

  it('reads the coverage JSON under the configured name', async () => {
    const cwd = configured({ specBasePath: 'openapi', specs: ['petstore'] })
    const spec = await loadSpecFile(join(cwd, 'openapi', 'petstore.json'))
    writeFileSync(join(cwd, 'coverage.json'), coverageJson(spec, ['GET /health 200 application/json']))
    const run = await stubs(cwd, '--coverage=coverage.json', '--dry-run')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('covering 15 uncovered responses')
    expect(run.stdout).not.toContain('get-health.test.ts')
  })

  it('asks which spec when the config names several and no defaultSpec', async () => {
    const cwd = configured({ specBasePath: 'openapi', specs: ['petstore', 'legacy'] })
    const run = await stubs(cwd)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      "[contracttool] specs (contracttool.config.json) names 2 specs ('petstore', 'legacy') and no defaultSpec: pick one with --spec-name=<name>, or pass --spec=<path>.\nRun 'contracttool stubs --help' for the options.\n",
    )
  })
})
