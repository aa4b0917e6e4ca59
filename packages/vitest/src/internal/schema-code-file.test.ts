import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { type ResponseInput, useSchemaCodeCache, validateResponse } from '@contracttool/validator'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useSchemaCodeFile } from './schema-code-file.js'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-schema-code-'))
  file = join(dir, 'schema-code-0123456789abcdef.json')
})
afterEach(() => {
  useSchemaCodeCache(undefined)
  rmSync(dir, { recursive: true, force: true })
})

const pet = { id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' }
const json = { 'content-type': 'application/json' }
const GET_PET: ResponseInput = { method: 'GET', path: '/pets/1', status: 200, headers: json, body: pet }
const BAD_PET: ResponseInput = { ...GET_PET, body: { ...pet, name: 7, createdAt: 'noon' } }
const LIST: ResponseInput = { method: 'GET', path: '/pets', status: 200, headers: json, body: [pet] }
const NOT_FOUND: ResponseInput = {
  method: 'GET',
  path: '/pets/2',
  status: 404,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'about:blank', title: 'Not found', status: 'four' },
}

/** What a test file's process does: its own spec object (nothing compiled yet), its validations. */
function testFile(...responses: ResponseInput[]) {
  const spec = loadSpecFileSync(fixturePath('petstore-3.1.json'))
  return responses.map((response) => validateResponse(spec, response, { onWarning: () => {} }))
}

function entries(): Record<string, unknown> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, unknown> }).entries
}

describe('the schema code file', () => {
  it('keeps what a test file compiled, and the next file compiles nothing it holds', () => {
    const expected = testFile(GET_PET, BAD_PET)
    expect(expected.map((result) => result.outcome)).toEqual(['success', 'failure'])

    const first = useSchemaCodeFile(file)
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    first.save()
    const kept = Object.keys(entries())
    expect(kept.length).toBeGreaterThan(0)

    const next = useSchemaCodeFile(file)
    // Marked after reading: a save that rewrites the file drops the mark.
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), mark: true }))
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    next.save()
    // Nothing was compiled, so nothing was written.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ mark: true })
    expect(Object.keys(entries())).toEqual(kept)
  })

  it('adds what later files compile, and keeps what other workers wrote meanwhile', () => {
    const one = useSchemaCodeFile(file)
    testFile(GET_PET)
    const other = useSchemaCodeFile(file)
    testFile(NOT_FOUND)
    other.save()
    const fromOther = Object.keys(entries())
    one.save()
    const both = Object.keys(entries())
    expect(both).toEqual(expect.arrayContaining(fromOther))
    expect(both.length).toBeGreaterThan(fromOther.length)

    const later = useSchemaCodeFile(file)
    testFile(GET_PET, NOT_FOUND, LIST)
    later.save()
    expect(Object.keys(entries()).length).toBeGreaterThan(both.length)
  })

  it.each([
    ['not JSON', '{"format": 1, "entr'],
    ['another format', JSON.stringify({ format: 0, entries: {} })],
    ['entries of the wrong shape', null],
  ])('reads a file holding %s as empty, validates as without it, and rewrites it', (_label, text) => {
    const expected = testFile(GET_PET, BAD_PET)
    if (text === null) {
      const filling = useSchemaCodeFile(file)
      testFile(GET_PET, BAD_PET)
      filling.save()
      const damaged = Object.fromEntries(
        Object.keys(entries()).map((key, index) => [
          key,
          [
            { source: 42, values: [] },
            { source: 'return function v(){return true}', values: [['func', -1, 'has-own']] },
            { source: 'return function v(){return true}', values: 'none' },
          ][index % 3],
        ]),
      )
      writeFileSync(file, JSON.stringify({ format: 1, entries: damaged }))
    } else {
      writeFileSync(file, text)
    }
    const cache = useSchemaCodeFile(file)
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    cache.save()
    const rewritten = useSchemaCodeFile(file)
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    expect(
      Object.values(entries()).every((code) => typeof (code as { source: unknown }).source === 'string'),
    ).toBe(true)
    rewritten.save()
  })

  it('is best effort: a file it cannot write only means the next files compile again', () => {
    const blocked = join(dir, 'blocked')
    writeFileSync(blocked, 'a file where the folder should be')
    const cache = useSchemaCodeFile(join(blocked, 'schema-code.json'))
    const expected = testFile(GET_PET)
    expect(() => cache.save()).not.toThrow()
    if (process.getuid?.() !== 0) {
      chmodSync(dir, 0o500)
      const readOnly = useSchemaCodeFile(file)
      expect(testFile(GET_PET)).toEqual(expected)
      expect(() => readOnly.save()).not.toThrow()
      chmodSync(dir, 0o700)
    }
  })
})
