import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  copyExampleApp,
  describeRun,
  type ExampleAppName,
  makeTempRoot,
  outcomes,
  REPO_ROOT,
  runAppVitest,
  runChild,
  runContracttool,
  type VitestRun,
} from './example-app.test-kit.js'

const tsc = createRequire(join(REPO_ROOT, 'package.json')).resolve('typescript/bin/tsc')

/**
 * What each generated test does, once activated, against the unmodified app: its seed data holds pets 1 to
 * 3, so a stub passes when the documented response is what the app answers to the stub's request as
 * written, and fails at its status assertion when the response needs setup first (an unknown id, a bad
 * query, a duplicate name) or credentials (the stubs of bearer-secured writes leave the token as a TODO, so
 * the app answers 401, and only their 401 stubs pass). Both apps behave alike.
 */
const UNCOVERED_OUTCOMES = {
  'src/generated/get-pets-pet-id-photo.test.ts > GET /pets/{petId}/photo → 200 image/png': 'passed',
  'src/generated/get-pets-pet-id-photo.test.ts > GET /pets/{petId}/photo → 404 application/problem+json':
    'passed',
}
const WHOLE_SPEC_OUTCOMES = {
  'src/whole-spec/delete-pets-pet-id.test.ts > DELETE /pets/{petId} → 204 (no content)':
    'AssertionError: expected 401 to be 204 // Object.is equality',
  'src/whole-spec/delete-pets-pet-id.test.ts > DELETE /pets/{petId} → 401 application/problem+json': 'passed',
  'src/whole-spec/delete-pets-pet-id.test.ts > DELETE /pets/{petId} → 404 application/problem+json':
    'AssertionError: expected 401 to be 404 // Object.is equality',
  'src/whole-spec/get-health.test.ts > GET /health → 200 application/json': 'passed',
  'src/whole-spec/get-pets-pet-id-photo.test.ts > GET /pets/{petId}/photo → 200 image/png': 'passed',
  // A 404 asks for an id no example names: the app answers 404 as written.
  'src/whole-spec/get-pets-pet-id-photo.test.ts > GET /pets/{petId}/photo → 404 application/problem+json':
    'passed',
  'src/whole-spec/get-pets-pet-id.test.ts > GET /pets/{petId} → 200 application/json': 'passed',
  'src/whole-spec/get-pets-pet-id.test.ts > GET /pets/{petId} → 404 application/problem+json': 'passed',
  'src/whole-spec/get-pets.test.ts > GET /pets → 200 application/json': 'passed',
  'src/whole-spec/get-pets.test.ts > GET /pets → 400 application/problem+json':
    'AssertionError: expected 200 to be 400 // Object.is equality',
  'src/whole-spec/patch-pets-pet-id.test.ts > PATCH /pets/{petId} → 200 application/json':
    'AssertionError: expected 401 to be 200 // Object.is equality',
  'src/whole-spec/patch-pets-pet-id.test.ts > PATCH /pets/{petId} → 401 application/problem+json': 'passed',
  'src/whole-spec/patch-pets-pet-id.test.ts > PATCH /pets/{petId} → 404 application/problem+json':
    'AssertionError: expected 401 to be 404 // Object.is equality',
  'src/whole-spec/post-pets.test.ts > POST /pets → 201 application/json':
    'AssertionError: expected 401 to be 201 // Object.is equality',
  'src/whole-spec/post-pets.test.ts > POST /pets → 400 application/problem+json':
    'AssertionError: expected 401 to be 400 // Object.is equality',
  'src/whole-spec/post-pets.test.ts > POST /pets → 401 application/problem+json': 'passed',
  'src/whole-spec/post-pets.test.ts > POST /pets → 409 application/problem+json':
    'AssertionError: expected 401 to be 409 // Object.is equality',
}

const APPS: readonly { readonly name: ExampleAppName; readonly adapter: string }[] = [
  { name: 'petstore-express', adapter: 'supertest' },
  { name: 'petstore-hono', adapter: 'fetch' },
]

/** The `+ <file>` lines of a `stubs` run. */
const writtenFiles = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('  + '))
    .map((line) => line.slice(4))

/**
 * `contracttool stubs` on the example apps, end to end: their own full suite writes the coverage JSON, the
 * stubs for what it left uncovered (and, separately, for the whole spec) are written into a copy of the app,
 * activated by deleting every `ctx.skip(` line, type-checked against the app and the built packages, and
 * run by the app's own Vitest and plugin.
 */
describe.each(APPS)('contracttool stubs --adapter=$adapter on $name', ({ name, adapter }) => {
  let root: string
  let app: string
  let full: VitestRun
  let uncovered: ChildRun
  let wholeSpec: ChildRun
  let skipLines: Record<string, number>
  let typecheck: ChildRun
  let generated: VitestRun

  beforeAll(async () => {
    assertBuildsExist()
    root = makeTempRoot(`contracttool-it-stubs-${name}-`)
    app = copyExampleApp(name, root)
    full = await runAppVitest(app, 'full', [])
    const stubs = (output: string, ...extra: string[]) =>
      runContracttool(
        [
          'stubs',
          `--spec=${join(REPO_ROOT, 'apps', name, 'openapi/petstore.yaml')}`,
          `--adapter=${adapter}`,
          `--output=${join(app, output)}`,
          // The apps export a factory: each test builds its own app (and its own store).
          '--app-module=src/app.ts#createApp()',
          ...extra,
        ],
        { cwd: app },
      )
    uncovered = await stubs('src/generated', `--coverage=${join(app, 'reports/coverage.json')}`)
    // The runner named: no line saying which was inferred.
    wholeSpec = await stubs('src/whole-spec', '--runner=vitest')

    skipLines = {}
    for (const folder of ['src/generated', 'src/whole-spec']) {
      for (const file of readdirSync(join(app, folder))) {
        const path = join(app, folder, file)
        const lines = readFileSync(path, 'utf8').split('\n')
        const kept = lines.filter((line) => !line.trimStart().startsWith('ctx.skip('))
        skipLines[`${folder}/${file}`] = lines.length - kept.length
        writeFileSync(path, kept.join('\n'))
      }
    }

    // Types as a user of the published packages sees them: `dist` declarations, no source condition.
    writeFileSync(
      join(app, 'tsconfig.stubs.json'),
      JSON.stringify({
        extends: join(REPO_ROOT, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          composite: false,
          declaration: false,
          declarationMap: false,
          customConditions: [],
          typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
        },
        include: ['src/generated/**/*.ts', 'src/whole-spec/**/*.ts'],
      }),
    )
    typecheck = await runChild(process.execPath, [tsc, '-p', 'tsconfig.stubs.json', '--pretty', 'false'], {
      cwd: app,
    })
    generated = await runAppVitest(app, 'generated', ['src/generated/', 'src/whole-spec/'])
  }, 180_000)

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it("takes the coverage JSON from the app's own full run", () => {
    expect(full.code, describeRun(full)).toBe(0)
    expect(full.results?.numFailedTests, describeRun(full)).toBe(0)
    const coverage = JSON.parse(readFileSync(join(app, 'reports/coverage.json'), 'utf8'))
    expect(coverage.aggregate).toMatchObject({ response_total: 17, response_covered: 15 })
  })

  it('writes one stub file for the two uncovered responses, and seven for the whole spec', () => {
    expect(uncovered.code, describeRun(uncovered)).toBe(0)
    expect(uncovered.stderr).toBe('')
    // The runner inferred from the app's package.json, and said so.
    const [inferred, ...rest] = uncovered.stdout.split('\n')
    expect(inferred).toMatch(
      /^\[contracttool\] Writing vitest tests: package\.json depends on vitest.*; pass --runner=vitest\|jest\|node-test\|mocha\|playwright to choose\.$/,
    )
    expect(rest.join('\n')).toBe(
      '[contracttool] Wrote 1 file covering 2 uncovered responses to src/generated:\n' +
        '  + get-pets-pet-id-photo.test.ts\n',
    )
    expect(writtenFiles(uncovered.stdout)).toEqual(readdirSync(join(app, 'src/generated')))

    expect(wholeSpec.code, describeRun(wholeSpec)).toBe(0)
    expect(wholeSpec.stderr).toBe('')
    expect(wholeSpec.stdout.split('\n')[0]).toBe(
      '[contracttool] Wrote 7 files covering 17 uncovered responses to src/whole-spec:',
    )
    expect(writtenFiles(wholeSpec.stdout)).toEqual([
      'delete-pets-pet-id.test.ts',
      'get-health.test.ts',
      'get-pets.test.ts',
      'get-pets-pet-id.test.ts',
      'get-pets-pet-id-photo.test.ts',
      'patch-pets-pet-id.test.ts',
      'post-pets.test.ts',
    ])
    expect(writtenFiles(wholeSpec.stdout).sort()).toEqual(readdirSync(join(app, 'src/whole-spec')).sort())
  })

  it('starts every generated test with one ctx.skip line', () => {
    const tests = { ...UNCOVERED_OUTCOMES, ...WHOLE_SPEC_OUTCOMES }
    const perFile: Record<string, number> = {}
    for (const key of Object.keys(tests)) {
      const file = key.split(' > ')[0]!
      perFile[file] = (perFile[file] ?? 0) + 1
    }
    expect(skipLines).toEqual(perFile)
  })

  it('type-checks once activated, against the app and the built packages', () => {
    const errors = typecheck.stdout.split('\n').filter((line) => line.startsWith('src/'))
    expect(errors, describeRun(typecheck)).toEqual([])
    expect(typecheck.code, describeRun(typecheck)).toBe(0)
  })

  it("runs under the app's own Vitest: stubs whose response the app gives as written pass, the others fail at the status", () => {
    expect(generated.results, describeRun(generated)).toBeDefined()
    expect(outcomes(app, generated.results), describeRun(generated)).toEqual({
      ...UNCOVERED_OUTCOMES,
      ...WHOLE_SPEC_OUTCOMES,
    })
    expect(generated.code, describeRun(generated)).toBe(1)
  })

  it('reaches the plugin: the image/png stub is recorded as skipped (its schema is not JSON Schema)', () => {
    expect(generated.stdout, describeRun(generated)).toMatch(
      /^ {6}⚠ 200 +image\/png +skipped: response Content-Type 'image\/png' matched non-JSON spec media type 'image\/png'/m,
    )
    expect(generated.stdout).toMatch(/^ {2}✓ GET \/health {2}\(1\/1 responses\)$/m)
  })
})
