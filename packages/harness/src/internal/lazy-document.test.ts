import { readFileSync } from 'node:fs'
import { deserialize, serialize } from 'node:v8'
import { fixturePath } from '@contracttool/fixtures'
import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { joinDocument, splitDocument } from './lazy-document.js'

/** `document` written and read back as a spec cache file lays it out: header, then chunks. */
function roundTrip(document: JsonObject): { document: JsonObject; chunks: number } {
  const { header, chunks } = splitDocument(document)
  const head = serialize(header)
  const bytes = Buffer.concat([head, ...chunks])
  return { document: joinDocument(deserialize(head), bytes, head.length), chunks: chunks.length }
}

/** Own properties of `node` still waiting for their chunk. */
function unread(node: object): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(node))
    .filter(([, descriptor]) => descriptor.get !== undefined)
    .map(([key]) => key)
}

const big = (label: string): JsonObject => ({
  type: 'object',
  description: `${label} `.repeat(200),
  properties: { id: { type: 'integer' }, name: { type: 'string', description: 'x'.repeat(600) } },
})

describe('a document stored in chunks', () => {
  it('reads back equal to the document written, key order included', () => {
    const document = JSON.parse(readFileSync(fixturePath('petstore-3.1.json'), 'utf8')) as JsonObject
    const { document: read, chunks } = roundTrip(document)
    expect(chunks).toBeGreaterThan(0)
    expect(read).toEqual(document)
    expect(JSON.stringify(read)).toBe(JSON.stringify(document))
    expect(deserialize(serialize(read))).toEqual(document)
  })

  it('deserializes a large member only when it is read', () => {
    const document: JsonObject = {
      openapi: '3.1.0',
      paths: { '/a': { get: big('a') }, '/b': { get: big('b') } },
      components: { schemas: { A: big('A'), B: big('B') } },
    }
    const { document: read } = roundTrip(document)
    expect(unread(read)).toEqual(['paths', 'components'])
    const paths = read.paths as JsonObject
    expect(unread(read)).toEqual(['components'])
    expect(unread(paths)).toEqual(['/a', '/b'])
    expect((paths['/b'] as JsonObject).get).toEqual(big('b'))
    expect(unread(paths)).toEqual(['/a'])
    expect(unread(read.components as JsonObject)).toEqual(['schemas'])
    // Read once: the same object every time.
    expect(paths['/b']).toBe(paths['/b'])
    expect(Object.keys(paths)).toEqual(['/a', '/b'])
  })

  it('keeps arrays, members named __proto__, nulls and small values as written', () => {
    // As JSON.parse gives them: `__proto__` an own member, not the prototype.
    const document = JSON.parse(
      `{"list": ${JSON.stringify([big('0'), 1, null, 'two', big('3')])},` +
        `"odd": {"__proto__": ${JSON.stringify(big('proto'))}, "constructor": ${JSON.stringify(big('ctor'))}, "": 0},` +
        '"flag": false}',
    ) as JsonObject
    expect(Object.hasOwn(document.odd as JsonObject, '__proto__')).toBe(true)
    const { document: read } = roundTrip(document)
    expect(Array.isArray(read.list)).toBe(true)
    expect(read.list).toHaveLength(5)
    expect(read).toEqual(document)
    const odd = read.odd as JsonObject
    expect(Object.hasOwn(odd, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
    expect(Object.keys(odd)).toEqual(Object.keys(document.odd as JsonObject))
  })

  it('takes an assignment to a member not read yet without reading it', () => {
    const { document: read } = roundTrip({ a: big('a'), b: big('b') })
    read.a = 'replaced'
    expect(read.a).toBe('replaced')
    expect(unread(read)).toEqual(['b'])
    expect(Object.keys(read)).toEqual(['a', 'b'])
  })

  it('stores a document that contains itself in one piece', () => {
    const document: JsonObject = { info: big('info') }
    const items: JsonValue[] = []
    items.push(items as unknown as JsonValue)
    document.loop = items
    const { document: read, chunks } = roundTrip(document)
    expect(chunks).toBe(0)
    const loop = read.loop as JsonValue[]
    expect(loop[0]).toBe(loop)
    expect(read.info).toEqual(big('info'))
  })

  it('refuses chunks that do not fit in the bytes given', () => {
    const { header, chunks } = splitDocument({ a: big('a') })
    const head = serialize(header)
    const bytes = Buffer.concat([head, ...chunks])
    expect(() => joinDocument(deserialize(head), bytes.subarray(0, bytes.length - 1), head.length)).toThrow(
      /chunks end at byte \d+, the file at \d+/,
    )
  })
})
