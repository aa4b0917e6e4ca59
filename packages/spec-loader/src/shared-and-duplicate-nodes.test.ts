import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JsonObject } from '@contracttool/kernel'
import { isContractToolError } from '@contracttool/kernel'
import { afterAll, describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import { MAX_ALIAS_EXPANSION } from './internal/measure-shared-nodes.js'
import { loadSpecFileSync } from './load-spec-file.js'
import { loadSpecFromValue } from './load-spec-from-value.js'

const dir = mkdtempSync(join(tmpdir(), 'contracttool-shared-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

function failure(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (isContractToolError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a failure')
}

/** `levels` anchors, each an `allOf` of the previous one twice: 2^levels nodes as a tree, in about 1 KB. */
function aliasBomb(levels: number, where: 'schema' | 'extension'): string {
  const lines = [
    'openapi: 3.1.0',
    "info: {title: Bomb, version: '1'}",
    'x-anchors:',
    '  l0: &l0 {type: string}',
  ]
  for (let level = 1; level <= levels; level++) {
    lines.push(`  l${level}: &l${level} {allOf: [*l${level - 1}, *l${level - 1}]}`)
  }
  if (where === 'extension') lines.push('paths: {}')
  else {
    lines.push(
      'paths:',
      '  /pets:',
      '    get:',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      `            application/json: {schema: *l${levels}}`,
    )
  }
  return `${lines.join('\n')}\n`
}

describe('shared nodes (YAML aliases, objects used twice)', () => {
  it(`refuses a 1 KB alias bomb (2^30 nodes as a tree) in bounded time, limit ${MAX_ALIAS_EXPANSION} extra nodes`, () => {
    for (const where of ['schema', 'extension'] as const) {
      const text = aliasBomb(30, where)
      expect(text.length).toBeLessThan(1300)
      const got = failure(() => loadSpecFileSync(write(`bomb-${where}.yaml`, text)))
      expect(got.code).toBe(SpecErrorCode.MalformedYaml)
      const counts =
        /expand the document from (\d+) written nodes to (\d+); expected at most 100000 more than written, for the spec and the files it references together\. Use a \$ref to a component instead of repeating an alias\.$/.exec(
          got.message,
        )
      expect(Number(counts?.[1])).toBeLessThan(200)
      expect(Number(counts?.[2])).toBeGreaterThan(2 ** 30)
    }
  }, 10_000)

  it('counts aliases across the files a spec references against one limit', () => {
    // Each file alone stays under the limit (about 65,000 extra nodes); three of them together do not.
    const part = aliasBomb(13, 'extension')
      .replace(/^[\s\S]*?x-anchors:\n/, 'x-anchors:\n')
      .replace('paths: {}\n', '')
    for (const name of ['a', 'b', 'c']) write(`part-${name}.yaml`, part)
    const entry = [
      'openapi: 3.1.0',
      "info: {title: Parts, version: '1'}",
      'paths: {}',
      'components:',
      '  schemas:',
      ...['a', 'b', 'c'].map((name) => `    ${name}: {$ref: './part-${name}.yaml#/x-anchors/l13'}`),
    ].join('\n')
    const one = entry.replace(/\n {4}[bc]: .*/g, '')
    expect(loadSpecFileSync(write('one-part.yaml', `${one}\n`)).name).toBe('one-part')
    const got = failure(() => loadSpecFileSync(write('parts.yaml', `${entry}\n`)))
    expect(got.code).toBe(SpecErrorCode.MalformedYaml)
    expect(got.message).toMatch(
      /extra nodes in the documents read before it; expected at most 100000 more than written/,
    )
  })

  it('loads aliases that stay under the limit, sharing the node as written', () => {
    const spec = loadSpecFileSync(write('small.yaml', aliasBomb(10, 'schema')))
    const anchors = spec.document['x-anchors'] as JsonObject
    expect((anchors.l1 as { allOf: unknown[] }).allOf[0]).toBe(anchors.l0)
  })

  it('refuses a document that contains itself, even inside an extension', () => {
    const text =
      "openapi: 3.1.0\ninfo: {title: Loop, version: '1'}\npaths: {}\nx-loop: &loop {again: *loop}\n"
    const got = failure(() => loadSpecFileSync(write('loop.yaml', text)))
    expect(got.code).toBe(SpecErrorCode.MalformedYaml)
    expect(got.message).toMatch(
      /at #\/x-loop: the document contains itself \(a YAML alias used inside its own anchor\)/,
    )
  })

  it('refuses an in-memory value that shares one object 2^30 times over, before copying it', () => {
    let node: unknown = { type: 'string' }
    for (let level = 0; level < 30; level++) node = { allOf: [node, node] }
    const value = { openapi: '3.1.0', info: { title: 'Bomb', version: '1' }, paths: {}, 'x-bomb': node }
    const got = failure(() => loadSpecFromValue(value, { name: 'bomb' }))
    expect(got.code).toBe(SpecErrorCode.MalformedJson)
    expect(got.message).toContain('expected at most 100000 more than written')
  }, 10_000)
})

describe('duplicate keys in JSON', () => {
  it('refuses a JSON spec that repeats a key (a whole path item would be lost), naming where', () => {
    const text = [
      '{"openapi": "3.1.0", "info": {"title": "Dup", "version": "1"},',
      ' "paths": {',
      '  "/pets": {"get": {"responses": {"200": {"description": "list"}}}},',
      '  "/pets": {"post": {"responses": {"201": {"description": "made"}}}}',
      ' }}',
    ].join('\n')
    const got = failure(() => loadSpecFileSync(write('dup.json', text)))
    expect(got.code).toBe(SpecErrorCode.MalformedJson)
    expect(got.message).toContain(
      'malformed JSON at line 4, column 3: duplicate key "/pets" in the object at #/paths; expected each key once in an object (JSON.parse would keep only the last).',
    )
  })

  it('finds a duplicate deep in a list, and in a referenced file', () => {
    write('dup-ref.json', '{"Pet": {"type": "object", "allOf": [{}, {"type": "object", "type": "string"}]}}')
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Dup', version: '1' },
      paths: {},
      components: { schemas: { Pet: { $ref: './dup-ref.json#/Pet' } } },
    })
    const got = failure(() => loadSpecFileSync(write('dup-entry.json', text)))
    expect(got.code).toBe(SpecErrorCode.MalformedJson)
    expect(got.message).toContain('duplicate key "type" in the object at #/Pet/allOf/1')
  })

  it('reads names and strings that only look alike as distinct', () => {
    const text = String.raw`{"openapi": "3.1.0", "info": {"title": "a\":\"b", "version": "1", "x-a\"": 1, "x-a\\": 2, "x-\u0061": 3, "x-a": 4}, "paths": {}}`
    // "x-\u0061" and "x-a" are the same name once decoded.
    const got = failure(() => loadSpecFileSync(write('alike.json', text)))
    expect(got.message).toContain('duplicate key "x-a" in the object at #/info')
    const fine = String.raw`{"openapi": "3.1.0", "info": {"title": "a\":\"b", "version": "1", "x-a\"": 1, "x-a\\": 2}, "paths": {}}`
    expect(loadSpecFileSync(write('fine.json', fine)).document.info).toEqual({
      title: 'a":"b',
      version: '1',
      'x-a"': 1,
      'x-a\\': 2,
    })
  })
})

describe('pointers to keys outside the basic plane', () => {
  it('name a key with an astral character or a lone surrogate instead of failing to encode it', () => {
    const spec = (key: string) => ({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {},
      components: { schemas: { [key]: { $ref: 1 } } },
    })
    const astral = failure(() => loadSpecFromValue(spec('𐀀'), { name: 'astral' }))
    expect(astral.code).toBe(SpecErrorCode.RefNonString)
    expect(astral.message).toContain('at #/components/schemas/%F0%90%80%80:')
    const lone = failure(() => loadSpecFromValue(spec('a\ud800'), { name: 'lone' }))
    expect(lone.code).toBe(SpecErrorCode.RefNonString)
    expect(lone.message).toContain('at #/components/schemas/a%EF%BF%BD:')
  })
})
