import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { computeSpecPatchCoverage } from './compute-spec-patch-coverage.js'
import type { CoverageJsonDocument } from './coverage-json.js'
import { CoverageTracker } from './coverage-tracker.js'
import { type ResultInput, specFrom, validation } from './fixture.test-kit.js'
import { buildCoverageJson } from './render-json.js'
import { renderSpecPatchMarkdown, renderSpecPatchText } from './render-spec-patch.js'

// biome-ignore lint/suspicious/noExplicitAny: the cases edit nested spec documents freely
type Editable = any

const pet = { $ref: '#/components/schemas/Pet' }
const jsonOf = (schema: JsonValue) => ({ 'application/json': { schema } })

function baseDocument(): JsonObject {
  return {
    openapi: '3.2.0',
    info: { title: 'patch', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{ $ref: '#/components/parameters/Limit' }],
          responses: {
            '200': { description: 'pets', content: jsonOf({ type: 'array', items: pet }) },
            '400': { description: 'bad' },
          },
        },
        post: {
          requestBody: { content: jsonOf(pet) },
          responses: {
            '201': { description: 'created', content: jsonOf(pet) },
            '422': { description: 'invalid', content: jsonOf({ type: 'object' }) },
          },
        },
      },
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          responses: {
            '200': { description: 'pet', content: jsonOf(pet) },
            '404': { description: 'missing' },
          },
        },
        delete: { security: [{ bearer: [] }], responses: { '204': { description: 'deleted' } } },
      },
      '/legacy': {
        get: { responses: { '200': { description: 'old', content: jsonOf({ type: 'string' }) } } },
      },
      '/reshuffle': {
        get: {
          responses: {
            '200': {
              description: 'r',
              content: jsonOf({ type: 'object', properties: { a: { type: 'string' } } }),
            },
          },
        },
      },
      '/tree': {
        get: {
          responses: {
            '200': { description: 'tree', content: jsonOf({ $ref: '#/components/schemas/Node' }) },
          },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
        Node: {
          type: 'object',
          properties: {
            value: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
      parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  }
}

function edit(mutate: (document: Editable) => void): JsonObject {
  const document = structuredClone(baseDocument())
  mutate(document)
  return document
}

function coverageFor(document: JsonObject, recordings: ResultInput[]): CoverageJsonDocument {
  const tracker = new CoverageTracker()
  for (const recording of recordings) tracker.recordResponse(validation({ spec: 'patch', ...recording }))
  return buildCoverageJson(computeCoverage([specFrom('patch', document)], tracker), {
    toolVersion: 'test',
    now: new Date(0),
  })
}

function gate(proposed: JsonObject, recordings: ResultInput[] = []) {
  return computeSpecPatchCoverage(
    specFrom('patch', baseDocument()),
    specFrom('patch', proposed),
    coverageFor(proposed, recordings),
    {
      specName: 'patch',
    },
  )
}

describe('computeSpecPatchCoverage', () => {
  const proposed = edit((d) => {
    d.components.parameters.Limit.schema.maximum = 100 // request change through a $ref: every GET /pets response
    delete d.paths['/pets'].post.responses['422']
    d.paths['/pets'].post.responses['409'] = { description: 'conflict', content: jsonOf({ type: 'object' }) }
    d.paths['/pets/{id}'].get.responses['404'].content = jsonOf({ type: 'object' })
    d.components.securitySchemes.bearer = { type: 'apiKey', in: 'header', name: 'X-Key' } // DELETE's scheme definition
    delete d.paths['/legacy']
    d.components.schemas.Reshuffled =
      d.paths['/reshuffle'].get.responses['200'].content['application/json'].schema
    d.paths['/reshuffle'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/Reshuffled',
    }
    d.paths['/new'] = {
      get: {
        responses: {
          '200': { description: 'n', content: jsonOf({}) },
          '500': { description: 'e', content: jsonOf({}) },
        },
      },
    }
    d.paths['/pets/{id}'].additionalOperations = {
      COPY: { responses: { '201': { description: 'c', content: jsonOf(pet) } } },
    }
    d.paths['/pets/{id}'].options = { responses: { '200': { description: 'never gated' } } }
  })
  const result = gate(proposed, [
    { path: '/pets', status: '200' },
    { path: '/pets', status: '400', contentType: null, outcome: 'skipped', skipReason: 'x' },
    { method: 'POST', path: '/pets', status: '409' },
    { method: 'DELETE', path: '/pets/{id}', status: '204', contentType: null },
    { path: '/new', status: '200' },
  ])

  it('lists added, changed and removed operations and judges each response', () => {
    expect(renderSpecPatchText(result)).toMatchInlineSnapshot(`
      "[contracttool] 6 operations changed against the base spec:

        COPY /pets/{id}
          201 application/json    UNCOVERED
        DELETE /pets/{id}
          204 (no content)        covered
        GET /legacy    removed from the spec (not testable)
        GET /new
          200 application/json    covered
          500 application/json    UNCOVERED
        GET /pets
          200 application/json    covered
          400 (no content)        SKIPPED
        GET /pets/{id}
          404 application/json    UNCOVERED
          404 (no content)        removed (not testable)
        POST /pets
          409 application/json    covered
          422 application/json    removed (not testable)

      4 changed responses are not covered by any test.
      "
    `)
    expect(result.exitCode).toBe(1)
    expect(result.failingResponseCount).toBe(4)
    expect(result.operations.find((o) => o.endpoint === 'GET /pets')?.requestChanged).toBe(true)
    expect(result.operations.find((o) => o.endpoint === 'DELETE /pets/{id}')?.requestChanged).toBe(true)
  })

  it('renders Markdown for the step summary', () => {
    expect(renderSpecPatchMarkdown(result)).toMatchInlineSnapshot(`
      "### contracttool spec patch coverage

      **4 changed responses are not covered by any test.**

      | Operation | Change | Response | Coverage |
      | --- | --- | --- | --- |
      | \`COPY /pets/{id}\` | added | \`201 application/json\` | UNCOVERED |
      | \`DELETE /pets/{id}\` | changed | \`204 (no content)\` | covered |
      | \`GET /legacy\` | removed | — | — |
      | \`GET /new\` | added | \`200 application/json\` | covered |
      | \`GET /new\` | added | \`500 application/json\` | UNCOVERED |
      | \`GET /pets\` | changed | \`200 application/json\` | covered |
      | \`GET /pets\` | changed | \`400 (no content)\` | SKIPPED |
      | \`GET /pets/{id}\` | changed | \`404 application/json\` | UNCOVERED |
      | \`GET /pets/{id}\` | changed | \`404 (no content)\` | removed (not testable) |
      | \`POST /pets\` | changed | \`409 application/json\` | covered |
      | \`POST /pets\` | changed | \`422 application/json\` | removed (not testable) |
      "
    `)
  })

  it('passes with exit code 0 when every changed response is validated', () => {
    const covered = gate(
      edit((d) => {
        d.paths['/pets'].get.responses['200'].description = 'renamed'
      }),
      [{ path: '/pets', status: '200' }],
    )
    expect(renderSpecPatchText(covered)).toMatchInlineSnapshot(`
      "[contracttool] 1 operation changed against the base spec:

        GET /pets
          200 application/json    covered

      All changed responses are covered.
      "
    `)
    expect(covered.exitCode).toBe(0)
  })

  it('does not accept a changed response whose only check failed; one passing check is enough', () => {
    const proposed = edit((d) => {
      d.paths['/pets'].get.responses['200'].description = 'renamed'
      d.paths['/pets/{id}'].get.responses['200'].description = 'renamed'
    })
    const failed = gate(proposed, [
      { path: '/pets', status: '200', outcome: 'failure' },
      { path: '/pets/{id}', status: '200', outcome: 'failure' },
      { path: '/pets/{id}', status: '200' },
    ])
    expect(renderSpecPatchText(failed)).toMatchInlineSnapshot(`
      "[contracttool] 2 operations changed against the base spec:

        GET /pets
          200 application/json    CHECK FAILED
        GET /pets/{id}
          200 application/json    covered

      1 changed response is not covered by a passing test.
      "
    `)
    expect(failed.exitCode).toBe(1)
    expect(failed.operations[0]?.responses[0]).toMatchObject({ state: 'validated', passed: false })
  })

  it.each<{ name: string; mutate: (document: Editable) => void }>([
    { name: 'nothing changed', mutate: () => {} },
    {
      name: 'a schema moved behind a $ref (content, not pointers)',
      mutate: (d) => {
        d.components.schemas.Inline = { type: 'string' }
        d.paths['/legacy'].get.responses['200'].content['application/json'].schema = {
          $ref: '#/components/schemas/Inline',
        }
      },
    },
    {
      name: 'a component renamed',
      mutate: (d) => {
        d.components.schemas.Animal = d.components.schemas.Pet
        delete d.components.schemas.Pet
        const json = JSON.stringify(d.paths).replaceAll(
          '#/components/schemas/Pet',
          '#/components/schemas/Animal',
        )
        d.paths = JSON.parse(json)
      },
    },
    {
      name: 'a path-item parameter moved onto the operations',
      mutate: (d) => {
        const item = d.paths['/pets/{id}']
        const parameters = item.parameters
        delete item.parameters
        item.get.parameters = parameters
        item.delete.parameters = parameters
      },
    },
    {
      name: 'operation-level servers equal to the root servers',
      mutate: (d) => {
        d.paths['/legacy'].get.servers = [{ url: 'https://api.example.com/v1' }]
      },
    },
    {
      name: 'object keys reordered',
      mutate: (d) => {
        d.components.schemas.Pet = {
          properties: { name: { type: 'string' }, id: { type: 'integer' } },
          required: ['id'],
          type: 'object',
        }
      },
    },
  ])('reports no change when $name', ({ mutate }) => {
    const unchanged = gate(edit(mutate))
    expect(unchanged.operations).toEqual([])
    expect(unchanged.exitCode).toBe(0)
    expect(renderSpecPatchText(unchanged)).toBe(
      '[contracttool] No operation changed against the base spec.\n',
    )
    expect(renderSpecPatchMarkdown(unchanged)).toBe(
      '### contracttool spec patch coverage\n\nNo operation changed against the base spec.\n',
    )
  })

  it.each<{ name: string; mutate: (document: Editable) => void; changed: string[] }>([
    {
      name: 'a change inside a recursive schema',
      mutate: (d) => {
        d.components.schemas.Node.properties.value = { type: 'integer' }
      },
      changed: ['GET /tree'],
    },
    {
      name: 'root servers (every operation)',
      mutate: (d) => {
        d.servers = [{ url: 'https://api.example.com/v2' }]
      },
      changed: [
        'DELETE /pets/{id}',
        'GET /legacy',
        'GET /pets',
        'GET /pets/{id}',
        'GET /reshuffle',
        'GET /tree',
        'POST /pets',
      ],
    },
    {
      name: 'a shared response schema (every response using it)',
      mutate: (d) => {
        d.components.schemas.Pet.properties.tag = { type: 'string' }
      },
      changed: ['GET /pets', 'GET /pets/{id}', 'POST /pets'],
    },
    {
      name: 'the request body',
      mutate: (d) => {
        d.paths['/pets'].post.requestBody.required = true
      },
      changed: ['POST /pets'],
    },
  ])('detects $name', ({ mutate, changed }) => {
    expect(gate(edit(mutate)).operations.map((operation) => operation.endpoint)).toEqual(changed)
  })

  it('names the missing spec when the coverage document does not have it', () => {
    const spec = specFrom('patch', baseDocument())
    expect(() =>
      computeSpecPatchCoverage(spec, spec, coverageFor(baseDocument(), []), { specName: 'other' }),
    ).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_COVERAGE_JSON_SPEC_MISSING',
        message:
          'Coverage document has no spec named "other". Available: patch. Select one with the spec name option (--spec-name).',
      }),
    )
    expect(() =>
      computeSpecPatchCoverage(spec, spec, coverageFor(baseDocument(), []), { specName: 'pach' }),
    ).toThrow('Coverage document has no spec named "pach". Did you mean "patch"? Available: patch.')
  })
})

describe('the spec-patch reports on hostile paths', () => {
  const added = ['/x\n::error title=a::b', '/\u001b[31mred', '/a`<img src=x>`**b**', '/c\r', '/d\u202e']
  const result = gate(
    edit((d) => {
      for (const path of added) d.paths[path] = { get: { responses: { '200': { description: 'new' } } } }
    }),
  )

  it('writes no workflow command, control character or terminal sequence in the text report', () => {
    const text = renderSpecPatchText(result)
    expect(text).toContain('  GET /x\\n::error title=a::b\n')
    expect(text).toContain('  GET /\\u001b[31mred\n')
    expect(text).toContain('  GET /c\\r\n')
    expect(text).toContain('  GET /d\\u202e\n')
    for (const line of text.split('\n')) expect(line).not.toMatch(/^\s*::/)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(text).not.toMatch(/[\r\u001b\u202e]/)
  })

  it('keeps every path in one code span of its Markdown row', () => {
    const markdown = renderSpecPatchMarkdown(result)
    expect(markdown).toContain('| ``GET /a`<img src=x>`**b**`` | added | `200 (no content)` | UNCOVERED |')
    expect(markdown).toContain('| `GET /x\\n::error title=a::b` | added |')
    expect(markdown).toContain('| `GET /\\u001b[31mred` | added |')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(markdown).not.toMatch(/[\r\u001b\u202e]/)
    for (const line of markdown.split('\n')) expect(line).not.toMatch(/^\s*::/)
  })
})
