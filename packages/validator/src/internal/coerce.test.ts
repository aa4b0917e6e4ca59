import { describe, expect, it } from 'vitest'
import { coercePrimitive, readShape } from './coerce.js'

const document = { components: { schemas: { Int: { type: 'integer' } } } }

describe('strict coercion', () => {
  it.each([
    [{ type: 'integer' }, '42', 42],
    [{ type: 'integer' }, '-0', -0],
    [{ type: 'integer' }, '01', '01'],
    [{ type: 'integer' }, '1.0', '1.0'],
    [{ type: 'integer' }, '+1', '+1'],
    [{ type: 'integer' }, '9007199254740993', '9007199254740993'],
    [{ type: 'number' }, '1.5e3', 1500],
    [{ type: 'number' }, '.5', 0.5],
    [{ type: 'number' }, ' 1', ' 1'],
    [{ type: 'boolean' }, 'TRUE', true],
    [{ type: 'boolean' }, 'false', false],
    [{ type: 'boolean' }, '1', '1'],
    [{ type: ['null', 'integer'] }, '7', 7],
    [{ oneOf: [{ type: 'integer' }, { type: 'string' }] }, 'abc', 'abc'],
    [{ oneOf: [{ type: 'integer' }, { type: 'string' }] }, '5', 5],
    [{ $ref: '#/components/schemas/Int' }, '8', 8],
    [{ allOf: [{ $ref: '#/components/schemas/Int' }] }, '9', 9],
    [{}, '10', '10'],
  ])('%j: %j → %j', (schema, value, want) => {
    expect(coercePrimitive(value, readShape(document as never, schema as never))).toBe(want)
  })
})
