import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import type { ResponseInput } from '@contracttool/validator'
import { useSchemaCodeCache, validateResponse } from '@contracttool/validator'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  encodeEntryFile,
  fileName,
  readEntryFile,
  type SchemaCodeEntry,
  useSchemaCodeFolder,
} from './schema-code-folder.js'

let dir: string
let folder: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-schema-code-'))
  folder = join(dir, 'schema-code-0123456789abcdef')
})
afterEach(() => {
  useSchemaCodeCache(undefined)
  chmodSync(dir, 0o700)
  rmSync(dir, { recursive: true, force: true })
})

const pet = { id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' }
const json = { 'content-type': 'application/json' }
const GET_PET: ResponseInput = { method: 'GET', path: '/pets/1', status: 200, headers: json, body: pet }
const BAD_PET: ResponseInput = { ...GET_PET, body: { ...pet, name: 7, kind: 'bird', createdAt: 'noon' } }
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

/** The kept entries: file name → what it holds. */
function entries(): Record<string, SchemaCodeEntry & { mark?: true }> {
  return Object.fromEntries(readdirSync(folder).map((name) => [name, read(name).entry]))
}

/** The kept code caches: file name → its size in bytes (0 for none). */
function codeCaches(): Record<string, number> {
  return Object.fromEntries(readdirSync(folder).map((name) => [name, read(name).codeCache?.length ?? 0]))
}

function read(name: string) {
  const kept = readEntryFile(join(folder, name))
  if (kept === undefined) throw new Error(`${name} holds no entry`)
  return kept
}

describe('the schema code folder', () => {
  it('keeps what a test file compiled, one file per schema, and the next file compiles nothing it holds', () => {
    const expected = testFile(GET_PET, BAD_PET)
    expect(expected.map((result) => result.outcome)).toEqual(['success', 'failure'])

    const first = useSchemaCodeFolder(folder)
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    first.save()
    const kept = entries()
    expect(Object.keys(kept).length).toBeGreaterThan(1)
    for (const [name, entry] of Object.entries(kept)) expect(fileName(entry.key)).toBe(name)

    const next = useSchemaCodeFolder(folder)
    // Emptied after reading would make every schema compile again: marked instead, a rewrite drops the mark.
    for (const name of Object.keys(kept)) {
      const { entry, codeCache } = read(name)
      writeFileSync(
        join(folder, name),
        encodeEntryFile({ ...entry, mark: true } as SchemaCodeEntry, codeCache),
      )
    }
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    next.save()
    expect(Object.values(entries()).every((entry) => entry.mark === true)).toBe(true)
  })

  it('adds the code cache of each source once a later file has run it, and later files write nothing', () => {
    const expected = testFile(GET_PET, BAD_PET)
    const compiling = useSchemaCodeFolder(folder)
    testFile(GET_PET, BAD_PET)
    compiling.save()
    const names = Object.keys(entries())
    // The file that compiled with Ajv has only the source: its code was never compiled through a script.
    expect(Object.values(codeCaches())).toEqual(names.map(() => 0))

    const running = useSchemaCodeFolder(folder)
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    running.save()
    const sizes = codeCaches()
    expect(Object.keys(sizes)).toEqual(names)
    for (const size of Object.values(sizes)) expect(size).toBeGreaterThan(0)

    // Served from the caches: nothing to write, so a marked file stays as it is.
    for (const name of names) {
      const { entry, codeCache } = read(name)
      writeFileSync(
        join(folder, name),
        encodeEntryFile({ ...entry, mark: true } as SchemaCodeEntry, codeCache),
      )
    }
    const cached = useSchemaCodeFolder(folder)
    expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    cached.save()
    expect(Object.values(entries()).every((entry) => entry.mark === true)).toBe(true)
    expect(codeCaches()).toEqual(sizes)
  })

  it('adds what later files compile beside what other workers wrote', () => {
    const one = useSchemaCodeFolder(folder)
    testFile(GET_PET)
    const other = useSchemaCodeFolder(folder)
    testFile(NOT_FOUND)
    other.save()
    const fromOther = Object.keys(entries())
    one.save()
    const both = Object.keys(entries())
    expect(both).toEqual(expect.arrayContaining(fromOther))
    expect(both.length).toBeGreaterThan(fromOther.length)

    const later = useSchemaCodeFolder(folder)
    testFile(GET_PET, NOT_FOUND, LIST)
    later.save()
    expect(Object.keys(entries()).length).toBeGreaterThan(both.length)
  })

  it('names files after the key, with little chance of two keys meeting', () => {
    const names = new Set<string>()
    for (let index = 0; index < 20_000; index++)
      names.add(fileName(`1:draft-07:plain:{"maxLength":${index}}`))
    expect(names.size).toBe(20_000)
    expect(fileName('a')).toMatch(/^[0-9a-f]{16}\.code$/)
  })

  const damages: [string, (entry: SchemaCodeEntry) => Uint8Array][] = [
    ['not JSON', () => withLength(Buffer.from('{"format": 2, "ke'))],
    ['less than its length says', (entry) => encodeEntryFile(entry).subarray(0, 20)],
    ['fewer bytes than a length', () => Buffer.from([1, 0])],
    ['another format', (entry) => encodeEntryFile({ ...entry, format: 1 } as unknown as SchemaCodeEntry)],
    ['another key', (entry) => encodeEntryFile({ ...entry, key: 'another' })],
    ['a source that does not parse', (entry) => encodeEntryFile({ ...entry, source: 'return function (' })],
    [
      'a source that is not text',
      (entry) => encodeEntryFile({ ...entry, source: 42 } as unknown as SchemaCodeEntry),
    ],
    [
      'values of the wrong shape',
      (entry) => encodeEntryFile({ ...entry, values: [['func', -1, 'has-own']] }),
    ],
    [
      'values that are no list',
      (entry) => encodeEntryFile({ ...entry, values: 'none' } as unknown as SchemaCodeEntry),
    ],
  ]

  it.each(damages)(
    'compiles past a file holding %s, validates as without it, and rewrites it',
    (_label, damage) => {
      const expected = testFile(GET_PET, BAD_PET)
      const filling = useSchemaCodeFolder(folder)
      testFile(GET_PET, BAD_PET)
      filling.save()
      for (const [name, entry] of Object.entries(entries())) writeFileSync(join(folder, name), damage(entry))

      const damaged = useSchemaCodeFolder(folder)
      expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
      damaged.save()
      const rewritten = entries()
      expect(Object.values(rewritten).every((entry) => typeof entry.source === 'string')).toBe(true)
      expect(Object.values(rewritten).every((entry) => entry.key !== 'another')).toBe(true)
      expect(Object.values(rewritten).every((entry) => entry.source !== 'return function (')).toBe(true)
    },
  )

  it.each([
    ['an edited source that passes everything', 'return true' as const],
    ['one flipped bit in its code cache', 'flip' as const],
  ])('removes a file with %s, says so once, and validates as without it', (_label, damage) => {
    const expected = testFile(GET_PET, BAD_PET)
    const filling = useSchemaCodeFolder(folder)
    testFile(GET_PET, BAD_PET)
    filling.save()
    // The next file compiles the kept source and adds its code cache.
    const caching = useSchemaCodeFolder(folder)
    testFile(GET_PET, BAD_PET)
    caching.save()
    const [name] = Object.keys(codeCaches()).filter((file) => (codeCaches()[file] ?? 0) > 0)
    if (name === undefined) throw new Error('no code cache was written')
    const path = join(folder, name)
    const bytes = readFileSync(path)
    if (damage === 'flip') {
      const last = bytes.length - 1
      bytes[last] = (bytes[last] as number) ^ 1
    } else {
      const text = bytes.toString('latin1')
      const at = text.indexOf('"source":"') + '"source":"'.length
      bytes.write('return function v() { return true };//'.padEnd(40), at, 'latin1')
    }
    writeFileSync(path, bytes)

    const notes: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      notes.push(String(chunk))
      return true
    })
    try {
      const damaged = useSchemaCodeFolder(folder)
      expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
      damaged.save()
      useSchemaCodeFolder(folder)
      expect(testFile(GET_PET, BAD_PET)).toEqual(expected)
    } finally {
      stderr.mockRestore()
    }
    expect(notes).toEqual([
      `[contracttool] NOTE: the schema code cache file ${path} was damaged (its checksum does not match its content): removed, and built again from the source. Nothing else is affected.\n`,
    ])
    expect(readEntryFile(path)?.entry.key).toBe(read(name).entry.key)
  })

  it('is best effort: a folder it cannot write only means the next files compile again', () => {
    const blocked = join(dir, 'blocked')
    writeFileSync(blocked, 'a file where the folder should be')
    const cache = useSchemaCodeFolder(join(blocked, 'schema-code'))
    const expected = testFile(GET_PET)
    expect(() => cache.save()).not.toThrow()
    if (process.getuid?.() !== 0) {
      chmodSync(dir, 0o500)
      const readOnly = useSchemaCodeFolder(folder)
      expect(testFile(GET_PET)).toEqual(expected)
      expect(() => readOnly.save()).not.toThrow()
    }
  })
})

/** `json` behind the 4-byte length an entry file starts with. */
function withLength(json: Buffer): Buffer {
  const header = Buffer.alloc(4)
  header.writeUInt32LE(json.length, 0)
  return Buffer.concat([header, json])
}
