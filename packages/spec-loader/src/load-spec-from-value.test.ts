import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import { loadSpecFromValue } from './load-spec-from-value.js'

function document(fields: JsonObject): JsonObject {
  return { info: { title: 'T', version: '1' }, paths: {}, ...fields }
}

function attempt(value: unknown, name = 'inline'): { code: string; message: string } | string {
  try {
    return loadSpecFromValue(value, { name }).version
  } catch (error) {
    if (!isContractToolError(error)) throw error
    return { code: error.code, message: error.message }
  }
}

describe('loadSpecFromValue: version gate', () => {
  const table: { given: JsonValue | undefined; want: string }[] = [
    { given: '3.0.0', want: '3.0' },
    { given: '3.0.3', want: '3.0' },
    { given: '3.1.0', want: '3.1' },
    { given: '3.1.1', want: '3.1' },
    { given: '3.2.0', want: '3.2' },
    { given: '3.1', want: SpecErrorCode.UnsupportedVersion },
    { given: 3.1, want: SpecErrorCode.UnsupportedVersion },
    { given: '3.3.0', want: SpecErrorCode.UnsupportedVersion },
    { given: '2.0', want: SpecErrorCode.UnsupportedVersion },
    { given: '4.0.0', want: SpecErrorCode.UnsupportedVersion },
    { given: '3.1.0-rc1', want: SpecErrorCode.UnsupportedVersion },
    { given: ' 3.1.0', want: SpecErrorCode.UnsupportedVersion },
    { given: null, want: SpecErrorCode.UnsupportedVersion },
    { given: ['3.1.0'], want: SpecErrorCode.UnsupportedVersion },
    { given: undefined, want: SpecErrorCode.UnsupportedVersion },
  ]
  for (const { given, want } of table) {
    it(`openapi: ${JSON.stringify(given)} → ${want}`, () => {
      const value = given === undefined ? document({}) : document({ openapi: given })
      const got = attempt(value)
      expect(typeof got === 'string' ? got : got.code).toBe(want)
    })
  }

  it('names the value and its type', () => {
    expect([
      attempt(document({ openapi: 3.1 })),
      attempt(document({ openapi: ['3.1.0'] })),
    ]).toMatchInlineSnapshot(`
      [
        {
          "code": "CONTRACTTOOL_SPEC_UNSUPPORTED_VERSION",
          "message": "spec 'inline' (<value>): unsupported OpenAPI version 3.1 (number). The required \`openapi\` field must be a major.minor.patch string in a supported version family: 3.0.x, 3.1.x, or 3.2.x. Quote it in the document, for example "3.0.3".",
        },
        {
          "code": "CONTRACTTOOL_SPEC_UNSUPPORTED_VERSION",
          "message": "spec 'inline' (<value>): unsupported OpenAPI version ["3.1.0"] (list). The required \`openapi\` field must be a major.minor.patch string in a supported version family: 3.0.x, 3.1.x, or 3.2.x.",
        },
      ]
    `)
  })

  it('refuses non-mapping roots', () => {
    for (const given of [[], 'openapi', 3, null, true]) {
      const got = attempt(given)
      expect(typeof got === 'string' ? got : got.code).toBe(SpecErrorCode.NonMappingRoot)
    }
  })
})

describe('loadSpecFromValue: dialect', () => {
  const table: { version: string; fields: JsonObject; want: string }[] = [
    { version: '3.0.3', fields: {}, want: 'draft-07' },
    {
      version: '3.0.3',
      fields: { jsonSchemaDialect: 'https://example.com/ignored-in-3.0' },
      want: 'draft-07',
    },
    { version: '3.1.0', fields: {}, want: '2020-12' },
    {
      version: '3.1.0',
      fields: { jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base' },
      want: '2020-12',
    },
    {
      version: '3.1.0',
      fields: { jsonSchemaDialect: 'http://json-schema.org/draft-07/schema#' },
      want: 'draft-07',
    },
    {
      version: '3.2.0',
      fields: { jsonSchemaDialect: 'https://json-schema.org/draft/2019-09/schema' },
      want: '2019-09',
    },
    {
      version: '3.1.0',
      fields: { jsonSchemaDialect: 'https://example.com/mine' },
      want: SpecErrorCode.UnsupportedDialect,
    },
    { version: '3.1.0', fields: { jsonSchemaDialect: '' }, want: SpecErrorCode.UnsupportedDialect },
    { version: '3.1.0', fields: { jsonSchemaDialect: 7 }, want: SpecErrorCode.UnsupportedDialect },
    {
      version: '3.1.0',
      fields: { components: { schemas: { A: { $schema: 'http://json-schema.org/draft-04/schema#' } } } },
      want: SpecErrorCode.UnsupportedDialect,
    },
    {
      version: '3.1.0',
      fields: { components: { schemas: { A: { $schema: 'http://json-schema.org/draft-07/schema#' } } } },
      want: '2020-12',
    },
  ]
  for (const { version, fields, want } of table) {
    it(`${version} ${JSON.stringify(fields)} → ${want}`, () => {
      let got: string
      try {
        got = loadSpecFromValue(document({ openapi: version, ...fields }), { name: 'd' }).defaultDialect
      } catch (error) {
        got = isContractToolError(error) ? error.code : 'not a ContractToolError'
      }
      expect(got).toBe(want)
    })
  }

  it('says where an unsupported component $schema is', () => {
    const value = document({
      openapi: '3.1.0',
      components: { schemas: { 'a/b': { $schema: 'http://json-schema.org/draft-04/schema#' } } },
    })
    expect(attempt(value)).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_SPEC_UNSUPPORTED_DIALECT",
        "message": "spec 'inline' (<value>) at #/components/schemas/a~1b/$schema: unsupported JSON Schema dialect "http://json-schema.org/draft-04/schema#". Supported dialects are the OpenAPI 3.1 base dialect and JSON Schema Draft 06, Draft 07, 2019-09, or 2020-12.",
      }
    `)
  })
})

describe('loadSpecFromValue', () => {
  it('warns once about a 3.2 $self it does not apply (not an absolute http(s) URI)', () => {
    const spec = loadSpecFromValue(document({ openapi: '3.2.0', $self: 'api/openapi' }), { name: 'selfish' })
    expect(spec.warnings).toMatchInlineSnapshot(`
      [
        "[OpenAPI 3.2 $self] spec 'selfish' declares a $self that is not an absolute http(s) URI ("api/openapi"): it is not applied, and relative references resolve from the file's own location.",
      ]
    `)
    const absolute = loadSpecFromValue(
      document({ openapi: '3.2.0', $self: 'https://example.com/api/openapi' }),
      {
        name: 'selfish',
      },
    )
    expect(absolute.warnings).toEqual([])
  })

  it('copies the value, records sourcePath and never reads it', () => {
    const value = document({ openapi: '3.1.0' })
    const spec = loadSpecFromValue(value, { name: 'copy', sourcePath: '/nowhere/openapi.json' })
    ;(value.info as JsonObject).title = 'changed'
    expect(spec.document.info).toEqual({ title: 'T', version: '1' })
    expect(spec.sourcePath).toBe('/nowhere/openapi.json')
  })

  it('refuses a missing name as misuse', () => {
    let code: string | undefined
    try {
      loadSpecFromValue(document({ openapi: '3.1.0' }), {} as { name: string })
    } catch (error) {
      code = isContractToolError(error) ? error.code : undefined
    }
    expect(code).toBe(SpecErrorCode.InvalidOption)
  })
})

describe('loadSpecFromValue: a $ref key inside a map', () => {
  it('names the merge OpenAPI does not do, beside the missing pointer', () => {
    const got = attempt(
      document({
        openapi: '3.1.0',
        paths: {
          '/pets': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
                },
              },
            },
          },
        },
        components: { schemas: { $ref: '#/x-shared/schemas' } },
        'x-shared': { schemas: { Pet: { type: 'object' } } },
      }),
    )
    expect(got).toEqual({
      code: SpecErrorCode.RefNotFound,
      message: expect.stringContaining(
        `#/components/schemas holds a '$ref' key ("#/x-shared/schemas") instead of its entries: OpenAPI does not merge a referenced document into a map (that is a json-schema-ref-parser extension); list each entry under its own name, each with its own $ref if needed.`,
      ),
    })
    expect((got as { message: string }).message).toContain(
      'unresolvable $ref "#/components/schemas/Pet": no value at that pointer',
    )
  })
})
