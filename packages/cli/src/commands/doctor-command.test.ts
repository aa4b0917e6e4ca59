import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { specsDir } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { runCaptured } from '../../test/run-captured.test-kit.js'
import { tempDir } from '../../test/temp-dir.test-kit.js'
import { toolVersion } from '../internal/tool-version.js'

const replace = { '<specs>': specsDir, '<version>': toolVersion() }
const doctor = (...args: string[]) => runCaptured(['doctor', ...args], { cwd: specsDir, replace })

describe('contracttool doctor', () => {
  it('passes the pet stores, listing what the validator skips', async () => {
    const run = await doctor('--spec=petstore-3.0.yaml', '--spec=petstore-3.1.json,petstore-3.2.yaml')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatchInlineSnapshot(`
      "contracttool doctor <version>
      Specs: 3 | Operations: 28 | Responses: 54

        WARN petstore-3.0.yaml (OpenAPI 3.0.3, 8 operations, 16 responses)
        WARN petstore-3.1.json (OpenAPI 3.1.0, 8 operations, 16 responses)
        WARN petstore-3.2.yaml (OpenAPI 3.2.0, 12 operations, 22 responses, structure checked by contracttool)

      Skipped (3)
        [feature] petstore-3.0.yaml: 1 response in \`image/png\` declares a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.
          at #/paths/~1pets~1{petId}~1photo/get/responses/200/content/image~1png/schema
        [feature] petstore-3.1.json: 1 response in \`image/png\` declares a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.
          at #/paths/~1pets~1{petId}~1photo/get/responses/200/content/image~1png/schema
        [feature] petstore-3.2.yaml: 1 response in \`image/png\` declares a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.
          at #/paths/~1pets~1{petId}~1photo/get/responses/200/content/image~1png/schema

      Errors: 0 | Warnings: 0 | Skipped: 3
      Verdict: COMPATIBLE with 3 features not enforced: contract tests run, with the gaps listed above.
      "
    `)
  })

  it('reports one of each problem, grouped by severity, and exits 1', async () => {
    const run = await doctor(
      '--spec=doctor/problems-3.0.yaml',
      '--spec=doctor/problems-3.1.json',
      '--spec=doctor/problems-3.2.yaml',
      '--strip-prefix=/v1',
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchInlineSnapshot(`
      "contracttool doctor <version>
      Specs: 3 | Operations: 11 | Responses: 11

        FAIL doctor/problems-3.0.yaml (OpenAPI 3.0.3, 5 operations, 5 responses)
        WARN doctor/problems-3.1.json (OpenAPI 3.1.0, 3 operations, 2 responses)
        FAIL doctor/problems-3.2.yaml (OpenAPI 3.2.0, 3 operations, 4 responses, structure checked by contracttool)

      Errors (12)
        [structure] doctor/problems-3.0.yaml: Duplicate path placeholder name 'a' in spec path '/items/{a}/parts/{a}'. OpenAPI requires unique placeholder names within a single template; the path matcher refuses the spec.
          at #/paths/~1items~1{a}~1parts~1{a}
          Fix: Give each placeholder its own name.
        [structure] doctor/problems-3.0.yaml: Placeholder {itemId} in GET /items/{itemId} is not declared as an 'in: path' parameter; request validation fails every request to it (OpenAPI requires every placeholder to be declared).
          at #/paths/~1items~1{itemId}/get/parameters
          Fix: Declare \`{ name: itemId, in: path, required: true, schema: ... }\` on the path item or the operation.
        [structure] doctor/problems-3.0.yaml: Response key '2001' of GET /items/{itemId} is not an HTTP status (100-599), a range (1XX-5XX) or 'default': no response ever matches it.
          at #/paths/~1items~1{itemId}/get/responses/2001
          Fix: Use a status such as '200', a range such as '4XX', or 'default'; prefix extensions with 'x-'.
        [structure] doctor/problems-3.0.yaml: operationId 'getItem' of POST /items/{itemId} is already used by GET /items/{itemId}; operationIds must be unique.
          at #/paths/~1items~1{itemId}/post/operationId
          Fix: Rename one of them.
        [structure] doctor/problems-3.0.yaml: Path parameter 'ghost' of POST /items/{itemId} is declared but '/items/{itemId}' has no {ghost} placeholder; request validation reports it as not captured.
          at #/paths/~1items~1{itemId}/post/parameters
          Fix: Remove the parameter or fix the template.
        [structure] doctor/problems-3.0.yaml: Placeholder {to} in GET /reports/{from}..{to} is not declared as an 'in: path' parameter; request validation fails every request to it (OpenAPI requires every placeholder to be declared).
          at #/paths/~1reports~1{from}..{to}/get/parameters
          Fix: Declare \`{ name: to, in: path, required: true, schema: ... }\` on the path item or the operation.
        [structure] doctor/problems-3.0.yaml: Security requirement references undefined scheme 'missingScheme' (GET /secure); request validation fails every request it covers.
          at #/paths/~1secure/get/security/0
          Fix: Add 'missingScheme' under components.securitySchemes.
        [structure] doctor/problems-3.0.yaml: Malformed 'discriminator.mapping[gadget]': '#/components/schemas/Gadget' does not resolve to a schema in the spec; validation fails every body that reaches this discriminator.
          at #/components/schemas/Item/discriminator/mapping
          Fix: Point the mapping at a schema that exists (a '#/components/schemas/...' pointer or a component name).
        [structure] doctor/problems-3.0.yaml: OpenAPI 3.0 schema: must be equal to one of the allowed values (array, boolean, integer, number, object, string): Did you mean object here?
          at #/paths/~1secure/get/responses/200/content/application~1json/schema/type
        [structure] doctor/problems-3.2.yaml: Response key '600' of GET /events is not an HTTP status (100-599), a range (1XX-5XX) or 'default': no response ever matches it.
          at #/paths/~1events/get/responses/600
          Fix: Use a status such as '200', a range such as '4XX', or 'default'; prefix extensions with 'x-'.
        [structure] doctor/problems-3.2.yaml: GET /things/{id} declares an in: querystring parameter next to in: query parameters; OpenAPI 3.2 allows one querystring parameter and no query parameters beside it.
          at #/paths/~1things~1{id}/get/parameters
        [structure] doctor/problems-3.2.yaml: Placeholder {id} in GET /things/{id} is not declared as an 'in: path' parameter; request validation fails every request to it (OpenAPI requires every placeholder to be declared).
          at #/paths/~1things~1{id}/get/parameters
          Fix: Declare \`{ name: id, in: path, required: true, schema: ... }\` on the path item or the operation.

      Warnings (5)
        [structure] doctor/problems-3.0.yaml: Reserved in:header parameter declared for GET /items/{itemId}: [header.Accept]. OpenAPI 3.x (§4.7.12.1) says Accept, Content-Type and Authorization header parameters SHALL be ignored; request validation reports them as a spec error.
          at #/paths/~1items~1{itemId}/get/parameters
          Fix: Remove it: describe Accept and Content-Type with content types and Authorization with a security scheme.
        [keyword] doctor/problems-3.0.yaml: format 'snowflake' is not a format the validator knows (1 schema): values pass unchecked.
          at #/components/schemas/Item/properties/id/format
          Fix: Check it with the formats option (contracttool.config.* or your runner's options): formats: { "snowflake": /^…$/ } (a RegExp, or a function returning true for a valid value; or the path of a module exporting that object: formats: './test/formats.ts'); or use a standard format (date-time, uri, uuid, email, ...), or keep it as documentation only.
        [structure] doctor/problems-3.1.json: POST /pets declares no responses: coverage has nothing to track and every response fails validation with "Status code … not defined".
          at #/paths/~1pets/post
          Fix: Document the responses the operation returns.
        [compatibility] doctor/problems-3.1.json: 1 schema uses \`nullable\`, which OpenAPI 3.1 no longer defines: JSON Schema 2020-12 ignores it, so null values are rejected.
          at #/paths/~1pets/get/responses/200/content/application~1json/schema/nullable
          Fix: Replace \`nullable: true\` with a type list such as \`type: ['string', 'null']\`.
        [configuration] doctor/problems-3.1.json: 1 spec path(s) start with the strip prefix '/v1' (first: /v1/pets/{petId}): requests are stripped of it before matching, so they can never match these paths.
          Fix: Remove '/v1' from the strip prefixes, or drop it from the spec paths and keep it in servers.

      Skipped (4)
        [feature] doctor/problems-3.0.yaml: Security scheme \`oauth\` (oauth2) is recognized but not enforced: requests pass request validation without its credentials.
          at #/components/securitySchemes/oauth
          Fix: Keep a separate authentication test until this scheme is supported.
        [feature] doctor/problems-3.0.yaml: Security scheme \`basic\` (http basic) is recognized but not enforced: requests pass request validation without its credentials.
          at #/components/securitySchemes/basic
          Fix: Keep a separate authentication test until this scheme is supported.
        [feature] doctor/problems-3.0.yaml: 1 response in \`application/xml\` declares a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.
          at #/paths/~1items~1{itemId}/post/responses/201/content/application~1xml/schema
        [feature] doctor/problems-3.2.yaml: 1 response media type declares an OpenAPI 3.2 itemSchema on a media type whose items the validator does not split (it reads JSON Lines, NDJSON, json-seq and text/event-stream), so such responses are recorded as skipped.
          at #/paths/~1events/get/responses/200/content/multipart~1mixed/itemSchema

      Errors: 12 | Warnings: 5 | Skipped: 4
      Verdict: FAILED: 12 errors would make contract validation fail or misread the spec.
      "
    `)
  })

  it('reports files the loader refuses, and shadowed specs', async () => {
    const args = [
      '--spec=shadow.yaml',
      '--spec=missing.yaml',
      '--spec=malformed/unsupported-extension.txt',
      '--spec=malformed/version-no-patch.json',
      '--spec=malformed/ref-remote.yaml',
      '--spec=malformed/ref-missing-pointer.yaml',
      '--spec=malformed/unsupported-dialect.json',
      '--spec=malformed/invalid-yaml.yaml',
    ]
    const run = { ...(await doctor(...args)), args }
    // missing.yaml is unreadable input.
    expect(run.code).toBe(2)
    // The loader words its own messages; here only where each failure lands is pinned.
    const json = await doctor(...run.args, '--format=json')
    const issues = JSON.parse(json.stdout).issues as { spec: string; severity: string; category: string }[]
    expect(issues.map((i) => `${i.spec}: ${i.severity} ${i.category}`)).toEqual([
      'shadow.yaml: error configuration',
      'missing.yaml: error io',
      'malformed/unsupported-extension.txt: error parser',
      'malformed/version-no-patch.json: error version',
      'malformed/ref-remote.yaml: error references',
      'malformed/ref-missing-pointer.yaml: error references',
      'malformed/unsupported-dialect.json: error dialect',
      'malformed/invalid-yaml.yaml: error parser',
    ])
    expect(run.stdout.split('\n').slice(0, 16).join('\n')).toMatchInlineSnapshot(`
      "contracttool doctor <version>
      Specs: 8 | Operations: 1 | Responses: 1

        FAIL shadow.yaml (OpenAPI 3.1.0, 1 operation, 1 response)
        FAIL missing.yaml (not loaded)
        FAIL malformed/unsupported-extension.txt (not loaded)
        FAIL malformed/version-no-patch.json (not loaded)
        FAIL malformed/ref-remote.yaml (not loaded)
        FAIL malformed/ref-missing-pointer.yaml (not loaded)
        FAIL malformed/unsupported-dialect.json (not loaded)
        FAIL malformed/invalid-yaml.yaml (not loaded)

      Errors (8)
        [configuration] shadow.yaml: The runtime loader selects \`<specs>/shadow.json\` before the requested \`<specs>/shadow.yaml\`: specs are looked up by name, .json before .yaml before .yml.
          Fix: Remove or rename the shadowing file so the doctor and the test run select the same spec.
        [io] missing.yaml: Spec is not a readable file: <specs>/missing.yaml"
    `)
  })

  it.each([
    { spec: 'missing.yaml', why: 'a missing file' },
    { spec: 'malformed', why: 'a folder' },
  ])('exits 2 for $why, unreadable input, and still prints the report', async ({ spec }) => {
    const run = await doctor(`--spec=${spec}`, '--spec=petstore-3.1.json')
    expect(run.code).toBe(2)
    expect(run.stdout).toContain(`[io] ${spec}: Spec is not a readable file: <specs>/${spec}`)
    expect(run.stdout).toContain('WARN petstore-3.1.json (OpenAPI 3.1.0, 8 operations, 16 responses)')
  })

  it('reads a schema nested 5,000 levels deep without overflowing the stack (limit: none, the walk keeps its own stack)', async () => {
    const cwd = tempDir()
    const leaf = '{"type":"string","format":"deep-name"}'
    const schema = `${'{"type":"object","properties":{"a":'.repeat(5000)}${leaf}${'}}'.repeat(5000)}`
    writeFileSync(
      join(cwd, 'deep.json'),
      `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}}}`,
    )
    const run = await runCaptured(['doctor', '--spec=deep.json', '--format=json'], { cwd })
    expect(run.stderr).toBe('')
    const issues = JSON.parse(run.stdout).issues as { category: string; message: string; pointer: string }[]
    expect(issues).toMatchObject([
      {
        category: 'keyword',
        message: "format 'deep-name' is not a format the validator knows (1 schema): values pass unchecked.",
        pointer: `#/paths/~1a/get/responses/200/content/application~1json/schema${'/properties/a'.repeat(5000)}/format`,
      },
      {
        category: 'internal',
        message:
          'Structural validation with @readme/openapi-parser could not run: the document is nested too deeply for it (the other checks ran)',
      },
    ])
    expect(run.code).toBe(0)
  })

  it('lists as skipped only the non-JSON responses whose schema does not describe their text', async () => {
    const cwd = tempDir()
    const media = (mediaType: string, schema: object) => ({
      description: 'ok',
      content: { [mediaType]: { schema } },
    })
    writeFileSync(
      join(cwd, 'text.json'),
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Text', version: '1' },
        paths: {
          '/plain': { get: { responses: { '200': media('text/plain', { type: 'string', maxLength: 10 }) } } },
          '/enum': { get: { responses: { '200': media('text/plain', { enum: ['ok', 'ko'] }) } } },
          '/csv': { get: { responses: { '200': media('text/csv', { type: 'object' }) } } },
          '/png': { get: { responses: { '200': media('image/png', { type: 'string', format: 'binary' }) } } },
        },
      }),
    )
    const run = await runCaptured(['doctor', '--spec=text.json', '--format=json'], { cwd })
    expect(run.stderr).toBe('')
    const issues = JSON.parse(run.stdout).issues as { severity: string; message: string; pointer: string }[]
    expect(issues.map(({ severity, message, pointer }) => ({ severity, message, pointer }))).toEqual([
      {
        severity: 'skipped',
        message:
          '1 response in `text/csv` declares a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.',
        pointer: '#/paths/~1csv/get/responses/200/content/text~1csv/schema',
      },
      {
        severity: 'skipped',
        message:
          '1 response in `image/png` declares a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.',
        pointer: '#/paths/~1png/get/responses/200/content/image~1png/schema',
      },
    ])
    expect(run.code).toBe(0)
  })

  it('refuses a YAML alias bomb in an extension as a parser error, without expanding it (limit: 100,000 extra nodes)', async () => {
    const cwd = tempDir()
    const lines = [
      'openapi: 3.1.0',
      "info: {title: Bomb, version: '1'}",
      'paths: {}',
      'x-bomb:',
      '  l0: &l0 [lol]',
    ]
    for (let level = 1; level <= 30; level++)
      lines.push(`  l${level}: &l${level} [*l${level - 1}, *l${level - 1}]`)
    writeFileSync(join(cwd, 'bomb.yaml'), `${lines.join('\n')}\n`)
    const run = await runCaptured(['doctor', '--spec=bomb.yaml', '--format=json'], { cwd })
    expect(run.code).toBe(1)
    const issues = JSON.parse(run.stdout).issues as { category: string; message: string }[]
    expect(issues.map((issue) => issue.category)).toEqual(['parser'])
    expect(issues[0]?.message).toContain('expected at most 100000 more than written')
  }, 10_000)

  it('prints a versioned JSON report', async () => {
    const run = await doctor('--spec=doctor/problems-3.1.json', '--format=json')
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    report.tool.version = '<version>'
    expect(report).toMatchInlineSnapshot(`
      {
        "issues": [
          {
            "category": "structure",
            "message": "POST /pets declares no responses: coverage has nothing to track and every response fails validation with "Status code … not defined".",
            "pointer": "#/paths/~1pets/post",
            "severity": "warning",
            "spec": "doctor/problems-3.1.json",
            "suggestion": "Document the responses the operation returns.",
          },
          {
            "category": "compatibility",
            "message": "1 schema uses \`nullable\`, which OpenAPI 3.1 no longer defines: JSON Schema 2020-12 ignores it, so null values are rejected.",
            "pointer": "#/paths/~1pets/get/responses/200/content/application~1json/schema/nullable",
            "severity": "warning",
            "spec": "doctor/problems-3.1.json",
            "suggestion": "Replace \`nullable: true\` with a type list such as \`type: ['string', 'null']\`.",
          },
        ],
        "schemaVersion": 1,
        "specs": [
          {
            "dialect": "2020-12",
            "loaded": true,
            "name": "problems-3.1",
            "openapi": "3.1.0",
            "operations": 3,
            "path": "doctor/problems-3.1.json",
            "responses": 2,
            "structuralValidation": "openapi-parser",
          },
        ],
        "status": "warning",
        "summary": {
          "errors": 0,
          "operations": 3,
          "responses": 2,
          "skipped": 0,
          "specs": 1,
          "warnings": 2,
        },
        "tool": {
          "name": "contracttool",
          "version": "<version>",
        },
      }
    `)
  })

  it('checks the root of a 3.2 document itself, since the parser has no 3.2 schema', async () => {
    const cwd = tempDir()
    writeFileSync(
      join(cwd, 'api.json'),
      JSON.stringify({ openapi: '3.2.0', info: { title: 7 }, paths: {}, webhooks: [] }),
    )
    const run = await runCaptured(['doctor', '--spec=api.json', '--format=json'], { cwd })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout).issues.map((i: { message: string }) => i.message)).toEqual([
      '`info.title` must be a string, got int.',
      '`info.version` must be a string, got undefined.',
      'Malformed `webhooks`: expected object, got list.',
    ])
  })

  it('escapes control characters of spec text, so a spec cannot print a workflow command line', async () => {
    const cwd = tempDir()
    const hostile = 'x\n::error::pwned\u001b[31m\r'
    writeFileSync(
      join(cwd, 'api.json'),
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: hostile, version: '1' },
        paths: { [`/a${hostile}`]: { get: { responses: { [hostile]: { description: 'x' } } } } },
      }),
    )
    const run = await runCaptured(['doctor', '--spec=api.json'], { cwd })
    expect(run.stdout).toContain('x\\n::error::pwned\\u001b[31m\\r')
    for (const line of `${run.stdout}${run.stderr}`.split('\n')) expect(line).not.toMatch(/^\s*::/)
    expect(`${run.stdout}${run.stderr}`).not.toContain('\r')
    expect(`${run.stdout}${run.stderr}`).not.toContain('\u001b[31m')
  })

  it('reports a clean spec as compatible', async () => {
    const run = await doctor('--spec=multi-file/openapi.yaml')
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n').slice(-2)).toEqual([
      'Verdict: COMPATIBLE: contracttool reads the spec as written.',
      '',
    ])
  })

  it.each([
    {
      args: [],
      message: '--spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).',
    },
    {
      args: ['--spec=petstore-3.0.yaml', '--format=xml'],
      message: "--format must be text or json, got 'xml'.",
    },
    {
      args: ['--spec=petstore-3.0.yaml', '--allow-remote-refs'],
      message: '--allow-remote-refs needs at least one --remote-ref-host=<host>.',
    },
    {
      args: ['--spec=petstore-3.0.yaml', '--remote-ref-host=example.com'],
      message: '--remote-ref-host needs --allow-remote-refs.',
    },
    {
      args: [
        '--spec=petstore-3.0.yaml',
        '--allow-remote-refs',
        '--remote-ref-host=example.com',
        '--remote-ref-max-bytes=0',
      ],
      message: "--remote-ref-max-bytes must be a positive integer, got '0'.",
    },
    {
      args: [
        '--spec=petstore-3.0.yaml',
        '--allow-remote-refs',
        '--remote-ref-host=example.com',
        '--remote-ref-timeout=1.5',
      ],
      message: "--remote-ref-timeout must be a whole number of milliseconds from 1 to 2147483647, got '1.5'.",
    },
  ])('refuses $args with exit 2', async ({ args, message }) => {
    const run = await doctor(...args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      `[OpenAPI Doctor] ${message}\nRun 'contracttool doctor --help' for the options.\n`,
    )
  })
})

describe('contracttool doctor with contracttool.config.*', () => {
  /** A project whose config names `openapi/petstore.yaml` (and whatever `values` adds). */
  const project = (values: Record<string, unknown>) => {
    const cwd = tempDir()
    mkdirSync(join(cwd, 'openapi'))
    copyFileSync(join(specsDir, 'petstore-3.0.yaml'), join(cwd, 'openapi/petstore.yaml'))
    writeFileSync(
      join(cwd, 'contracttool.config.json'),
      JSON.stringify({ specBasePath: 'openapi', ...values }),
    )
    return cwd
  }
  const doctorIn = (cwd: string, ...args: string[]) =>
    runCaptured(['doctor', ...args], { cwd, replace: { '<tmp>': cwd } })

  it('checks the files the tests load when --spec is left out', async () => {
    const run = await doctorIn(project({ specs: ['petstore'] }))
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('WARN openapi/petstore.yaml (OpenAPI 3.0.3, 8 operations, 16 responses)')
  })

  it("applies the file's stripPrefixes unless --strip-prefix is given", async () => {
    const cwd = project({ specs: ['petstore'], stripPrefixes: ['/pets'] })
    const fromFile = await doctorIn(cwd)
    expect(fromFile.stdout).toMatch(/\[configuration\] openapi\/petstore\.yaml: .*'\/pets'/)
    const fromFlag = await doctorIn(cwd, '--strip-prefix=/api')
    expect(fromFlag.stdout).not.toContain('[configuration]')
  })

  it('does not call a format unknown that the formats option checks', async () => {
    const cwd = project({ specs: ['problems'] })
    copyFileSync(join(specsDir, 'doctor/problems-3.0.yaml'), join(cwd, 'openapi/problems.yaml'))
    expect((await doctorIn(cwd)).stdout).toContain("format 'snowflake' is not a format the validator knows")
    writeFileSync(
      join(cwd, 'contracttool.config.json'),
      JSON.stringify({
        specBasePath: 'openapi',
        specs: ['problems'],
        // A RegExp as JSON can write it.
        formats: { snowflake: { source: '^\\d+$', flags: '' } },
      }),
    )
    expect((await doctorIn(cwd)).stdout).not.toContain("format 'snowflake'")
  })

  it('reads the names of a formats module, and says so when it cannot import one', async () => {
    const cwd = project({ specs: ['problems'] })
    copyFileSync(join(specsDir, 'doctor/problems-3.0.yaml'), join(cwd, 'openapi/problems.yaml'))
    const config = (formats: string) =>
      writeFileSync(
        join(cwd, 'contracttool.config.json'),
        JSON.stringify({ specBasePath: 'openapi', specs: ['problems'], formats }),
      )
    writeFileSync(join(cwd, 'formats.mjs'), 'export default { snowflake: (value) => /^\\d+$/.test(value) }\n')
    config('./formats.mjs')
    expect((await doctorIn(cwd)).stdout).not.toContain("format 'snowflake'")
    writeFileSync(join(cwd, 'broken.mjs'), 'export default {\n')
    config('./broken.mjs')
    const broken = await doctorIn(cwd)
    expect(broken.stderr).toMatch(
      /\[contracttool\] NOTE: option 'formats' names the module .*broken\.mjs, which did not load: .*; the formats it checks are reported as unknown below\./,
    )
    expect(broken.stdout).toContain("format 'snowflake' is not a format the validator knows")
  })

  it('keeps --spec over the file', async () => {
    const run = await doctorIn(
      project({ specs: ['petstore'] }),
      `--spec=${join(specsDir, 'petstore-3.1.json')}`,
    )
    expect(run.stdout).toContain('petstore-3.1.json (OpenAPI 3.1.0')
    expect(run.stdout).not.toContain('openapi/petstore.yaml')
  })

  it.each([
    [
      'no config and no --spec',
      undefined,
      '[OpenAPI Doctor] --spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).',
    ],
    [
      'a config without specs',
      {},
      '[OpenAPI Doctor] --spec=<path> is required: contracttool.config.json does not name both specBasePath and specs.',
    ],
    [
      'a spec name the loader cannot find',
      { specs: ['petstore', 'orders'] },
      '[OpenAPI Doctor] specs (contracttool.config.json): OpenAPI spec not found: <tmp>/openapi/orders (tried extensions: .json, .yaml, .yml).',
    ],
    [
      'a key of the wrong type',
      { specs: [1] },
      "FATAL: [contracttool] option 'specs' (contracttool.config.json) must be an array of spec names (non-empty strings), got an array of 1 item(s).",
    ],
  ])('stops with exit 2 on %s', async (_case, values, message) => {
    const cwd = values === undefined ? tempDir() : project(values)
    const run = await doctorIn(cwd)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.split('\n')[0]).toContain(message)
  })
})
