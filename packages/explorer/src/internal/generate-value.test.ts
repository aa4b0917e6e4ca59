import type { JsonValue } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFromValue } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { listMutations } from './list-mutations.js'
import { createRandom } from './random.js'
import { type Direction, UngeneratableError } from './schema-env.js'
import { generateValidValue, SelfValidator } from './self-validator.js'

function specWith(version: '3.0.3' | '3.1.0', schemas: Record<string, unknown> = {}): LoadedSpec {
  return loadSpecFromValue(
    { openapi: version, info: { title: 'gen', version: '1' }, paths: {}, components: { schemas } },
    { name: `gen-${version}` },
  )
}

/** Values for indexes 0..count-1, each proven valid by the runtime validator. */
function generateMany(
  spec: LoadedSpec,
  schema: JsonValue,
  count = 6,
  direction: Direction = 'request',
): JsonValue[] {
  const validator = new SelfValidator(spec)
  const env = { document: spec.document, version: spec.version, direction }
  return Array.from({ length: count }, (_, index) =>
    generateValidValue(env, validator, schema, createRandom(100 + index), index),
  )
}

const v30 = specWith('3.0.3')
const v31 = specWith('3.1.0')

describe('rotation of scalar values', () => {
  it.each([
    {
      name: 'enum rotates',
      spec: v31,
      schema: { type: 'string', enum: ['a', 'b', 'c'] },
      want: ['a', 'b', 'c', 'a'],
    },
    {
      name: 'integer min, max',
      spec: v31,
      schema: { type: 'integer', minimum: 5, maximum: 9 },
      want: [5, 9],
    },
    { name: 'integer defaults 1..1000', spec: v31, schema: { type: 'integer' }, want: [1, 1000] },
    { name: 'one-sided minimum', spec: v31, schema: { type: 'integer', minimum: 10 }, want: [10, 1010] },
    { name: 'one-sided maximum', spec: v31, schema: { type: 'integer', maximum: -10 }, want: [-1010, -10] },
    {
      name: '3.1 exclusive bounds',
      spec: v31,
      schema: { type: 'integer', exclusiveMinimum: 5, exclusiveMaximum: 9 },
      want: [6, 8],
    },
    {
      name: '3.0 boolean exclusive bounds',
      spec: v30,
      schema: { type: 'integer', minimum: 5, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: true },
      want: [6, 8],
    },
    {
      name: 'multipleOf',
      spec: v31,
      schema: { type: 'integer', minimum: 1, maximum: 100, multipleOf: 7 },
      want: [7, 98],
    },
    {
      name: 'number bounds',
      spec: v31,
      schema: { type: 'number', minimum: 0.5, maximum: 2.5 },
      want: [0.5, 2.5],
    },
    {
      name: 'decimal multipleOf',
      spec: v31,
      schema: { type: 'number', minimum: 0.05, maximum: 1, multipleOf: 0.01 },
      want: [0.05, 1],
    },
    { name: 'booleans alternate', spec: v31, schema: { type: 'boolean' }, want: [false, true, false, true] },
    { name: 'const', spec: v31, schema: { const: 'fixed' }, want: ['fixed', 'fixed'] },
  ])('$name', ({ spec, schema, want }) => {
    expect(generateMany(spec, schema, want.length)).toEqual(want)
  })

  it('draws between the bounds on index % 3 == 2', () => {
    const [, , drawn] = generateMany(v31, { type: 'integer', minimum: 5, maximum: 9 }, 3)
    expect(drawn).toBeGreaterThanOrEqual(5)
    expect(drawn).toBeLessThanOrEqual(9)
  })
})

describe('strings', () => {
  // On a backtracking engine, `^(a|a){40,}$` against 41 characters tries 2^40 ways: generating its values
  // and breaking them would never return.
  it('generates and breaks a pattern with a nested quantifier without backtracking', () => {
    const schema: JsonValue = { type: 'string', pattern: '^(a|a){40,}$', maxLength: 64 }
    const [valid] = generateMany(v31, schema, 1)
    expect(valid).toBe('a'.repeat(40))
    const env = { document: v31.document, version: v31.version, direction: 'request' as const }
    const mutations = listMutations(env, schema, valid as JsonValue, { forParameter: false })
    expect(mutations.filter((mutation) => mutation.keyword === 'pattern').map((m) => m.value)).toEqual(['!'])
  })

  it.each([
    { schema: { type: 'string', minLength: 3, maxLength: 5 }, want: [3, 5, 4] },
    { schema: { type: 'string' }, want: [1, 16, 8] },
    { schema: { type: 'string', minLength: 0, maxLength: 0 }, want: [0, 0, 0] },
  ])('lengths rotate min, max, middle for $schema', ({ schema, want }) => {
    expect(generateMany(v31, schema, 3).map((value) => (value as string).length)).toEqual(want)
  })

  it.each([
    { format: 'email', shape: /^[a-z]+@example\.com$/ },
    { format: 'uuid', shape: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/ },
    { format: 'date', shape: /^\d{4}-\d{2}-\d{2}$/ },
    { format: 'date-time', shape: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/ },
    { format: 'time', shape: /^\d{2}:\d{2}:\d{2}Z$/ },
    { format: 'uri', shape: /^https:\/\/example\.com\/[a-z]+$/ },
    { format: 'hostname', shape: /^[a-z]+\.example\.com$/ },
    { format: 'ipv4', shape: /^\d+\.\d+\.\d+\.\d+$/ },
    { format: 'ipv6', shape: /^2001:db8:[0-9a-f]{4}::[0-9a-f]{4}$/ },
    { format: 'byte', shape: /^[A-Za-z0-9+/]+=*$/ },
  ])('format $format', ({ format, shape }) => {
    for (const spec of [v30, v31]) {
      for (const value of generateMany(spec, { type: 'string', format }, 3)) expect(value).toMatch(shape)
    }
  })

  it('grows a format value to minLength', () => {
    for (const value of generateMany(v31, { type: 'string', format: 'email', minLength: 30 }, 2)) {
      expect((value as string).length).toBeGreaterThanOrEqual(30)
    }
  })

  it.each(['^[A-Z]{2}\\d{3}$', '^t-[a-z0-9]{4}$', 'ab+c'])('pattern %s', (pattern) => {
    for (const value of generateMany(v31, { type: 'string', pattern, maxLength: 12 }, 4)) {
      expect(value).toMatch(new RegExp(pattern, 'u'))
    }
  })

  it('pads an unanchored pattern to minLength', () => {
    for (const value of generateMany(v31, { type: 'string', pattern: '\\d{2}', minLength: 6 }, 3)) {
      expect((value as string).length).toBeGreaterThanOrEqual(6)
    }
  })

  it('refuses a pattern outside the subset with the reason', () => {
    expect(() => generateMany(v31, { type: 'string', pattern: '^(?=.*[A-Z]).{8}$' }, 1)).toThrow(
      "String pattern '^(?=.*[A-Z]).{8}$' is outside the explorer's supported synthesis subset (lookaround assertions).",
    )
  })

  it.each([
    { schema: { type: 'string', minLength: 5, maxLength: 2 }, reason: 'minLength 5 > maxLength 2' },
    {
      schema: { type: 'string', format: 'uuid', maxLength: 10 },
      reason: "format 'uuid' has no value between 1 and 10",
    },
    { schema: { type: 'integer', minimum: 5, maximum: 4 }, reason: 'no integer is >= 5 and <= 4' },
    {
      schema: { type: 'integer', minimum: 1, maximum: 6, multipleOf: 7 },
      reason: 'no integer multiple of 7',
    },
  ])('unsatisfiable bounds are a reason, not a defect: $reason', ({ schema, reason }) => {
    expect(() => generateMany(v31, schema, 2)).toThrow(UngeneratableError)
    expect(() => generateMany(v31, schema, 2)).toThrow(reason)
  })
})

describe('null', () => {
  it.each([
    { name: '3.0 nullable', spec: v30, schema: { type: 'string', nullable: true } },
    { name: '3.1 type list', spec: v31, schema: { type: ['string', 'null'] } },
  ])('$name is null on index % 3 == 2 only', ({ spec, schema }) => {
    const values = generateMany(spec, schema, 6)
    expect(values.map((value) => value === null)).toEqual([false, false, true, false, false, true])
  })

  it('3.0 allOf with an outer nullable never generates null (the branch refuses it)', () => {
    const spec = specWith('3.0.3', { Tag: { type: 'object', properties: { id: { type: 'integer' } } } })
    const values = generateMany(spec, { nullable: true, allOf: [{ $ref: '#/components/schemas/Tag' }] }, 3)
    expect(values.every((value) => value !== null)).toBe(true)
  })
})

describe('objects', () => {
  const pet = {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string', maxLength: 4 },
      tag: { type: 'string', maxLength: 4 },
      secret: { type: 'string', writeOnly: true, maxLength: 4 },
    },
  }

  it('includes optional properties on odd indexes only', () => {
    const keys = generateMany(v31, pet, 4).map((value) => Object.keys(value as object))
    expect(keys).toEqual([['name'], ['name', 'tag', 'secret'], ['name'], ['name', 'tag', 'secret']])
  })

  it('leaves readOnly out of requests and writeOnly out of responses', () => {
    const keys = generateMany(v31, pet, 2, 'response').map((value) => Object.keys(value as object))
    expect(keys).toEqual([
      ['id', 'name'],
      ['id', 'name', 'tag'],
    ])
  })

  it('merges allOf branches', () => {
    const schema = {
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string', maxLength: 2 } } },
        { required: ['b'], properties: { b: { type: 'integer', minimum: 3, maximum: 3 } } },
      ],
    }
    for (const value of generateMany(v31, schema, 3)) expect(value).toMatchObject({ b: 3 })
  })

  it('meets minProperties with additional properties and maxProperties by dropping optional ones', () => {
    const [small] = generateMany(
      v31,
      { type: 'object', minProperties: 2, additionalProperties: { type: 'integer' } },
      1,
    )
    expect(Object.keys(small as object)).toHaveLength(2)
    const capped = generateMany(
      v31,
      { type: 'object', maxProperties: 1, properties: { a: { type: 'integer' }, b: { type: 'integer' } } },
      2,
    )
    expect(Object.keys(capped[1] as object)).toHaveLength(1)
  })
})

describe('arrays', () => {
  it('sizes rotate min, min + 3 (or maxItems), middle', () => {
    const sizes = (schema: JsonValue) =>
      generateMany(v31, schema, 3).map((value) => (value as unknown[]).length)
    expect(sizes({ type: 'array', items: { type: 'integer' } })).toEqual([0, 3, 2])
    expect(sizes({ type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 })).toEqual([1, 2, 2])
  })

  it('keeps uniqueItems unique', () => {
    for (const value of generateMany(
      v31,
      { type: 'array', items: { type: 'integer', minimum: 1, maximum: 4 }, minItems: 3, uniqueItems: true },
      3,
    )) {
      expect(new Set(value as number[]).size).toBe((value as number[]).length)
    }
  })

  it('fills 3.1 prefixItems in order', () => {
    const schema = {
      type: 'array',
      prefixItems: [{ const: 'x' }, { type: 'integer', minimum: 2, maximum: 2 }],
      items: false,
      minItems: 2,
    }
    expect(generateMany(v31, schema, 2)).toEqual([
      ['x', 2],
      ['x', 2],
    ])
  })
})

describe('compositions', () => {
  const spec = specWith('3.1.0', {
    Pet: {
      type: 'object',
      required: ['kind', 'name'],
      properties: { kind: { type: 'string', enum: ['cat', 'dog'] }, name: { type: 'string', maxLength: 3 } },
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } },
    },
    Cat: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { const: 'cat' }, indoor: { type: 'boolean' } },
    },
    Dog: {
      type: 'object',
      required: ['kind', 'breed'],
      properties: { kind: { const: 'dog' }, breed: { type: 'string', maxLength: 3 } },
    },
    Base: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string' } },
      discriminator: { propertyName: 'type', mapping: { circle: '#/components/schemas/Circle' } },
    },
    Circle: {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { type: 'object', properties: { r: { type: 'number' } } },
      ],
    },
  })

  it('rotates oneOf branches and pins the discriminator to the chosen one', () => {
    const values = generateMany(spec, { $ref: '#/components/schemas/Pet' }, 4) as {
      kind: string
      breed?: string
    }[]
    expect(values.map((value) => value.kind)).toEqual(['cat', 'dog', 'cat', 'dog'])
    expect(values[1]?.breed).toBeDefined()
  })

  it('sets an allOf child to its mapping value of the parent discriminator', () => {
    for (const value of generateMany(spec, { $ref: '#/components/schemas/Circle' }, 2))
      expect(value).toMatchObject({ type: 'circle' })
  })

  it('rotates anyOf branches', () => {
    const values = generateMany(spec, { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 2 }] }, 2)
    expect(values.map((value) => typeof value)).toEqual(['number', 'string'])
  })
})

describe('recursion', () => {
  const spec = specWith('3.0.3', {
    Tree: {
      type: 'object',
      required: ['value', 'children'],
      properties: {
        value: { type: 'string', maxLength: 3 },
        children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
      },
    },
    Category: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 3 },
        parent: { allOf: [{ $ref: '#/components/schemas/Category' }], nullable: true },
      },
    },
    Loop: { type: 'object', required: ['next'], properties: { next: { $ref: '#/components/schemas/Loop' } } },
  })

  it('stops required recursion through arrays with empty arrays', () => {
    const depth = (node: { children: unknown[] }): number =>
      1 + Math.max(0, ...node.children.map((child) => depth(child as { children: unknown[] })))
    for (const value of generateMany(spec, { $ref: '#/components/schemas/Tree' }, 6)) {
      expect(depth(value as { children: unknown[] })).toBeLessThanOrEqual(2)
    }
  })

  it('stops optional recursion at the first repeat', () => {
    const [, withParent] = generateMany(spec, { $ref: '#/components/schemas/Category' }, 2)
    expect(withParent).toEqual({ name: expect.any(String), parent: { name: expect.any(String) } })
  })

  it('reports recursion that required properties never stop', () => {
    expect(() => generateMany(spec, { $ref: '#/components/schemas/Loop' }, 1)).toThrow(
      "schema '#/components/schemas/Loop' recurses through required properties with no optional link or array to stop at",
    )
  })
})
