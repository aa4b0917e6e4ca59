import { isContractToolError, type JsonValue } from '@contracttool/kernel'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'
import { describe, expect, it } from 'vitest'
import { compileSchemaValidator } from './compile-schema-validator.js'
import { collectWarnings, makeSpec } from './make-spec.test-kit.js'
import type { SchemaContext } from './types.js'

function messages(
  version: OpenApiVersion,
  schemas: Record<string, unknown>,
  name: string,
  value: unknown,
  context: SchemaContext = 'response',
) {
  const spec = makeSpec({ paths: {}, components: { schemas } }, version)
  const schema = (spec.document.components as { schemas: Record<string, JsonValue> }).schemas[
    name
  ] as JsonValue
  return compileSchemaValidator(spec, schema, context)(value).map((violation) => violation.message)
}

const PET = {
  type: 'object',
  required: ['id', 'name', 'kind'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    tag: { type: 'string', nullable: true },
    secret: { type: 'string', writeOnly: true },
    kind: {
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
      discriminator: {
        propertyName: 'type',
        mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' },
      },
    },
  },
}
const CAT = {
  type: 'object',
  required: ['type', 'meows'],
  properties: { type: { type: 'string' }, meows: { type: 'boolean' } },
}
const DOG = {
  type: 'object',
  required: ['type', 'barks'],
  properties: { type: { type: 'string' }, barks: { type: 'boolean' } },
}
const ANIMALS = { Pet: PET, Cat: CAT, Dog: DOG }

describe('OpenAPI 3.0 lowering', () => {
  it.each([
    ['typed nullable accepts null', { S: { type: 'string', nullable: true } }, null, []],
    [
      'typed nullable still checks the type',
      { S: { type: 'string', nullable: true } },
      4,
      ['[/] must be string or null, received 4 (number)'],
    ],
    ['nullable enum gains null', { S: { type: 'string', enum: ['a'], nullable: true } }, null, []],
    ['typeless nullable adds no type', { S: { nullable: true } }, 'anything', []],
    [
      'typeless nullable with allOf accepts null',
      { S: { nullable: true, allOf: [{ $ref: '#/components/schemas/T' }] }, T: { type: 'object' } },
      null,
      [],
    ],
    [
      'typeless nullable with allOf reports the schema, not the null branch',
      { S: { nullable: true, allOf: [{ $ref: '#/components/schemas/T' }] }, T: { type: 'object' } },
      4,
      ['[/] must be object or null, received 4 (number)'],
    ],
    [
      'nullable oneOf accepts null',
      { S: { nullable: true, oneOf: [{ type: 'string' }, { type: 'integer' }] } },
      null,
      [],
    ],
    [
      'nullable: false changes nothing',
      { S: { type: 'string', nullable: false } },
      null,
      ['[/] must be string, received null'],
    ],
    [
      'boolean exclusiveMinimum',
      { S: { type: 'number', minimum: 1, exclusiveMinimum: true } },
      1,
      ['[/] must be > 1, received 1 (number)'],
    ],
    [
      'boolean exclusiveMaximum false keeps the bound inclusive',
      { S: { type: 'number', maximum: 1, exclusiveMaximum: false } },
      1,
      [],
    ],
    [
      '$ref siblings are dropped',
      { S: { $ref: '#/components/schemas/T', maxLength: 1 }, T: { type: 'string' } },
      'long',
      [],
    ],
    [
      'int32 is range-checked',
      { S: { type: 'integer', format: 'int32' } },
      2 ** 31,
      ['[/] must match format "int32", received 2147483648 (number)'],
    ],
    ['int64 is advisory', { S: { type: 'integer', format: 'int64' } }, 2 ** 60, []],
    [
      'date-time is enforced',
      { S: { type: 'string', format: 'date-time' } },
      'yesterday',
      ['[/] must match format "date-time", received "yesterday" (string)'],
    ],
  ])('%s', (_name, schemas, value, want) => {
    expect(messages('3.0', schemas, 'S', value)).toEqual(want)
  })

  it('reports the discriminated branch only, named, with the received value and type', () => {
    expect(
      messages('3.0', ANIMALS, 'Pet', {
        id: '1',
        name: 'Rex',
        kind: { type: 'dog', barks: 'yes' },
        extra: true,
      }),
    ).toMatchInlineSnapshot(`
      [
        "[/extra] is not a declared property, received true (boolean) (declared: id, name, tag, secret, kind)",
        "[/id] must be integer, received "1" (string)",
        "[/kind/barks] must be boolean, received "yes" (string) (schema 'Dog' selected by discriminator type = "dog")",
      ]
    `)
  })

  it.each([
    [
      'unknown value',
      { type: 'bird' },
      [`[/kind/type] discriminator 'type' must be one of: "cat", "dog", received "bird" (string)`],
    ],
    [
      'missing property',
      { meows: true },
      [`[/kind/type] discriminator property 'type' is missing (expected one of: "cat", "dog")`],
    ],
    ['matching branch', { type: 'cat', meows: true }, []],
  ])('discriminator: %s', (_name, kind, want) => {
    expect(messages('3.0', ANIMALS, 'Pet', { id: 1, name: 'Rex', kind })).toEqual(want)
  })

  it('maps implicit discriminator values to component names', () => {
    const schemas = {
      P: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'type' },
      },
      Cat: CAT,
      Dog: DOG,
    }
    expect(messages('3.0', schemas, 'P', { type: 'Cat', meows: true })).toEqual([])
    expect(messages('3.0', schemas, 'P', { type: 'cat', meows: true })).toEqual([
      `[/type] discriminator 'type' must be one of: "Cat", "Dog", received "cat" (string)`,
    ])
  })

  it('keeps the plain oneOf for values that are not objects (GitHub contents: a directory is an array)', () => {
    const schemas = {
      C: {
        oneOf: [{ $ref: '#/components/schemas/Dir' }, { $ref: '#/components/schemas/File' }],
        discriminator: {
          propertyName: 'type',
          mapping: { array: '#/components/schemas/Dir', file: '#/components/schemas/File' },
        },
      },
      Dir: { type: 'array', items: { type: 'object' } },
      File: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
    }
    expect(messages('3.0', schemas, 'C', [{ type: 'file' }])).toEqual([])
    expect(messages('3.0', schemas, 'C', 'text')).toEqual([
      [
        `[/] must be array, received "text" (string) (in oneOf branch #0 'Dir', the closest of 2)`,
        '  other oneOf branches, the first violation of each:',
        `  - #1 'File': [/] must be object, received "text" (string)`,
      ].join('\n'),
    ])
  })

  it('picks the closest branch of an undiscriminated oneOf', () => {
    const schemas = {
      P: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
      Cat: CAT,
      Dog: DOG,
    }
    expect(messages('3.0', schemas, 'P', { type: 'dog', barks: 1 })).toEqual([
      [
        `[/barks] must be boolean, received 1 (number) (in oneOf branch #1 'Dog', the closest of 2)`,
        '  other oneOf branches, the first violation of each:',
        `  - #0 'Cat': [/meows] required property is missing`,
      ].join('\n'),
    ])
  })

  it('lists the first violation of at most 5 other anyOf branches, and how many more there are', () => {
    const branches = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => ({
      type: 'object',
      required: [name],
      properties: { [name]: { type: 'integer' } },
    }))
    const schemas = { S: { type: 'object', properties: { v: { anyOf: branches } } } }
    expect(messages('3.1', schemas, 'S', { v: { c: 'x' } })).toEqual([
      [
        '[/v/c] must be integer, received "x" (string) (in anyOf branch #2, the closest of 7)',
        '  other anyOf branches, the first violation of each:',
        '  - #0: [/v/a] required property is missing',
        '  - #1: [/v/b] required property is missing',
        '  - #3: [/v/d] required property is missing',
        '  - #4: [/v/e] required property is missing',
        '  - #5: [/v/f] required property is missing',
        '  - … 1 more branch not shown',
      ].join('\n'),
    ])
  })

  it.each([
    [
      'request refuses readOnly and stops requiring it',
      'request',
      { name: 'Rex', id: 3, kind: { type: 'cat', meows: true } },
      ['[/id] is readOnly and must not be sent in a request, received 3 (number)'],
    ],
    [
      'request accepts writeOnly',
      'request',
      { name: 'Rex', secret: 's', kind: { type: 'cat', meows: true } },
      [],
    ],
    [
      'response refuses writeOnly',
      'response',
      { id: 1, name: 'Rex', secret: 's', kind: { type: 'cat', meows: true } },
      ['[/secret] is writeOnly and must not appear in a response, received "s" (string)'],
    ],
    [
      'response requires readOnly',
      'response',
      { name: 'Rex', kind: { type: 'cat', meows: true } },
      ['[/id] required property is missing'],
    ],
  ] as const)('%s', (_name, context, value, want) => {
    expect(messages('3.0', ANIMALS, 'Pet', value, context)).toEqual(want)
  })

  it('names only the genuinely undeclared property and explains an allOf cascade', () => {
    const schemas = {
      S: {
        allOf: [
          { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
          { properties: { b: { type: 'string' } } },
        ],
      },
    }
    expect(messages('3.0', schemas, 'S', { a: 'x', b: 'y', c: 1 })).toMatchInlineSnapshot(`
      [
        "[/b] is declared by a sibling schema but this schema's additionalProperties: false forbids it (declared here: a); received "y" (string)",
        "[/c] is not a declared property, received 1 (number) (declared: a)",
      ]
    `)
  })

  it('warns once about an unknown format and does not check it', () => {
    const warnings = collectWarnings()
    const spec = makeSpec({
      paths: {},
      components: {
        schemas: {
          S: {
            type: 'object',
            properties: {
              a: { type: 'string', format: 'repo.nwo' },
              b: { type: 'string', format: 'repo.nwo' },
            },
          },
        },
      },
    })
    const schema = (spec.document.components as { schemas: Record<string, JsonValue> }).schemas.S as JsonValue
    const check = compileSchemaValidator(spec, schema, 'response', { onWarning: warnings.onWarning })
    expect(check({ a: 'x', b: 'y' })).toEqual([])
    expect(warnings.messages).toMatchInlineSnapshot(`
      [
        "[OpenAPI Schema] spec 'test': format 'repo.nwo' is not a known format; values are not checked against it (first seen at #/properties/a).",
      ]
    `)
  })
})

describe('OpenAPI 3.1 and 3.2 (JSON Schema 2020-12)', () => {
  it.each([
    ['type lists', { S: { type: ['string', 'null'] } }, null, []],
    [
      'nullable is ignored',
      { S: { type: 'string', nullable: true } },
      null,
      ['[/] must be string, received null'],
    ],
    ['const', { S: { const: 'x' } }, 'y', ['[/] must be "x", received "y" (string)']],
    [
      'prefixItems',
      { S: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }] } },
      [1, 2],
      ['[/1] must be string, received 2 (number)'],
    ],
    [
      '$ref siblings apply',
      { S: { $ref: '#/components/schemas/T', maxLength: 2 }, T: { type: 'string' } },
      'long',
      ['[/] must have at most 2 characters, received "long" (string) (4 characters)'],
    ],
    [
      'unevaluatedProperties sees through $ref',
      {
        S: {
          allOf: [{ $ref: '#/components/schemas/T' }],
          properties: { b: {} },
          unevaluatedProperties: false,
        },
        T: { properties: { a: {} } },
      },
      { a: 1, b: 2, c: 3 },
      ['[/c] is not evaluated by any subschema and unevaluatedProperties is false, received 3 (number)'],
    ],
    [
      'numeric exclusiveMinimum',
      { S: { type: 'number', exclusiveMinimum: 0 } },
      0,
      ['[/] must be > 0, received 0 (number)'],
    ],
    [
      'per-schema draft-07 $schema reads items as a tuple',
      {
        S: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          items: [{ type: 'integer' }],
          additionalItems: false,
        },
      },
      [1, 2],
      ['[/] must have at most 1 item, received 2 items'],
    ],
  ])('%s', (_name, schemas, value, want) => {
    expect(messages('3.1', schemas, 'S', value)).toEqual(want)
  })

  it('evaluates $dynamicRef', () => {
    const schemas = {
      Tree: {
        $dynamicAnchor: 'node',
        type: 'object',
        properties: {
          value: { type: 'integer' },
          children: { type: 'array', items: { $dynamicRef: '#node' } },
        },
      },
    }
    expect(messages('3.1', schemas, 'Tree', { value: 1, children: [{ value: 'x' }] })).toEqual([
      '[/children/0/value] must be integer, received "x" (string)',
    ])
  })
})

describe('recursive schemas and caching', () => {
  const schemas = {
    Tree: {
      type: 'object',
      required: ['value'],
      properties: {
        value: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
      },
    },
  }

  it('validates recursion through $ref without inlining', () => {
    expect(
      messages('3.0', schemas, 'Tree', { value: 'a', children: [{ value: 'b', children: [{ value: 3 }] }] }),
    ).toEqual(['[/children/0/children/0/value] must be string, received 3 (number)'])
  })

  it('returns the same validator for the same schema object, and a new one per context', () => {
    const spec = makeSpec({ paths: {}, components: { schemas } })
    const tree = (spec.document.components as { schemas: Record<string, JsonValue> }).schemas
      .Tree as JsonValue
    const first = compileSchemaValidator(spec, tree, 'response')
    expect(compileSchemaValidator(spec, tree, 'response')).toBe(first)
    expect(compileSchemaValidator(spec, tree, 'request')).not.toBe(first)
  })

  it('accepts schemas outside the document whose $refs point into it', () => {
    const spec = makeSpec({ paths: {}, components: { schemas } })
    const check = compileSchemaValidator(
      spec,
      { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
      'request',
    )
    expect(check([{ value: 1 }]).map((violation) => violation.message)).toEqual([
      '[/0/value] must be string, received 1 (number)',
    ])
  })
})

describe('misuse and malformed schemas', () => {
  it.each([
    [
      'a discriminator mapping to nothing',
      {
        S: {
          oneOf: [{ type: 'object' }],
          discriminator: { propertyName: 'k', mapping: { a: '#/components/schemas/Nope' } },
        },
      },
      "Malformed 'discriminator.mapping[a]'",
    ],
    [
      'an empty discriminator property name',
      { S: { oneOf: [{ type: 'object' }], discriminator: { propertyName: '' } } },
      "Malformed 'discriminator.propertyName'",
    ],
  ])('throws CONTRACTTOOL_MALFORMED_SCHEMA for %s', (_name, schemas, want) => {
    const spec = makeSpec({ paths: {}, components: { schemas } })
    const schema = (spec.document.components as { schemas: Record<string, JsonValue> }).schemas.S as JsonValue
    let thrown: unknown
    try {
      compileSchemaValidator(spec, schema, 'response')
    } catch (error) {
      thrown = error
    }
    expect(isContractToolError(thrown) && thrown.code).toBe('CONTRACTTOOL_MALFORMED_SCHEMA')
    expect((thrown as Error).message).toContain(want)
  })

  it('reports an unresolvable $ref as a violation naming it', () => {
    expect(
      messages(
        '3.0',
        { S: { type: 'object', properties: { a: { $ref: '#/components/schemas/Missing' } } } },
        'S',
        { a: 1 },
      ),
    ).toEqual([
      "[/a] cannot be validated: Unresolvable $ref '#/components/schemas/Missing' in 'test' spec: the target does not exist.",
    ])
  })

  it.each([
    ['a non-object spec', {}, 'response', 'CONTRACTTOOL_INVALID_ARGUMENT'],
    ['an unknown context', makeSpec({ paths: {} }), 'both', 'CONTRACTTOOL_INVALID_ARGUMENT'],
  ])('refuses %s', (_name, spec, context, code) => {
    expect(() => compileSchemaValidator(spec as never, {}, context as never)).toThrow(
      expect.objectContaining({ code }),
    )
  })
})
