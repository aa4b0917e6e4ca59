import { describe, expect, it } from 'vitest'
import * as show from './describe-value.js'

class Pet {
  name = 'Rex'
}

describe('describeArgument', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    ['petstore', 'the string "petstore"'],
    ['x'.repeat(100), `the string "${'x'.repeat(60)}…"`],
    [42, 'number 42'],
    [true, 'boolean true'],
    [10n, 'bigint 10'],
    [Symbol('s'), 'symbol Symbol(s)'],
    [() => 1, 'a function'],
    [[1, 2], 'an array of 2 item(s)'],
    [{}, 'an object (no keys)'],
    [{ spec: 'pets' }, 'an object (keys spec)'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }, 'an object (keys a, b, c, d, e, f, …)'],
    [Object.create(null), 'an object (no keys)'],
    [new Pet(), 'a Pet (keys name)'],
    [new Map(), 'a Map (no keys)'],
  ])('%o → %s', (value, want) => {
    expect(show.describeArgument(value)).toBe(want)
  })
})

describe('echoValue', () => {
  const cycle: Record<string, unknown> = {}
  cycle.self = cycle
  it.each([
    [undefined, '<missing>'],
    [null, 'null'],
    ['3.1', '"3.1"'],
    [3.1, '3.1'],
    [{ a: [1] }, '{"a":[1]}'],
    [() => 1, '() => 1'],
    [cycle, '[object Object]'],
    [1n, '[object BigInt]'],
    ['y'.repeat(200), `"${'y'.repeat(119)}… (82 more characters)`],
  ])('%o → %s', (value, want) => {
    expect(show.echoValue(value)).toBe(want)
  })
})

describe('truncateText', () => {
  it.each([
    ['abc', 3, 'abc'],
    ['abcdef', 3, 'abc… (3 more characters)'],
    ['a'.repeat(121), undefined, `${'a'.repeat(120)}… (1 more characters)`],
  ])('%s, %s → %s', (text, max, want) => {
    expect(show.truncateText(text, max)).toBe(want)
  })
})

describe('type names', () => {
  it.each([
    // value, documentTypeOf, schemaTypeOf, shortTypeOf
    [null, 'null', 'null', 'null'],
    [undefined, '<missing>', 'undefined', 'undefined'],
    [[1], 'list', 'array', 'list'],
    [{}, 'mapping', 'object', 'object'],
    [7, 'integer', 'integer', 'int'],
    [7.5, 'float', 'number', 'float'],
    [true, 'boolean', 'boolean', 'bool'],
    ['s', 'string', 'string', 'string'],
  ])('%o → %s / %s / %s', (value, document, schema, short) => {
    expect(show.documentTypeOf(value)).toBe(document)
    expect(show.schemaTypeOf(value)).toBe(schema)
    expect(show.shortTypeOf(value)).toBe(short)
  })
})
