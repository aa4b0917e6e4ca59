import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { getPathMatcher } from '@contracttool/matcher'
import { type LoadedSpec, loadSpec } from '@contracttool/spec-loader'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContractRunError, HarnessErrorCode } from '../errors.js'
import { reuseSpecCache, writeSpecCache } from '../main/spec-cache.js'
import {
  encodeSpecCacheRecord,
  isCacheCurrent,
  readSpecCache,
  readSpecCacheRecord,
  type SpecCacheEntry,
  type SpecCacheRecord,
} from './spec-cache.js'
import { closeSpecCacheFiles, openSpecCacheFileCount } from './spec-cache-file.js'

let dir: string
let base: string
let cache: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-spec-cache-'))
  base = join(dir, 'openapi')
  cache = join(dir, 'cache')
  cpSync(fixturePath('multi-file'), base, { recursive: true })
})
afterEach(() => {
  closeSpecCacheFiles()
  rmSync(dir, { recursive: true, force: true })
})

const load = (basePath = base) => loadSpec('openapi', { basePath })

/** Loads the spec and writes its cache, as the main process does when a run starts. */
async function loadAndCache(basePath = base): Promise<SpecCacheEntry> {
  const startedAt = Date.now()
  const entry = writeSpecCache(cache, basePath, await load(basePath), startedAt)
  expect(entry).toBeDefined()
  return entry as SpecCacheEntry
}

/** Dates every file under `folder` a minute back: files as they are between runs, not just written. */
function settle(folder: string): void {
  const past = new Date(Date.now() - 60_000)
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    utimesSync(join(folder, name), past, past)
  }
}

function rewriteRecord(entry: SpecCacheEntry, change: (record: SpecCacheRecord) => SpecCacheRecord): void {
  const record = readSpecCacheRecord(entry.file, 'openapi')
  expect(record).toBeDefined()
  writeFileSync(entry.file, encodeSpecCacheRecord(change(record as SpecCacheRecord)))
}

describe('the spec cache, within a run', () => {
  it('reads chunks from the file it opened, and names the spec when that file was replaced after closing', async () => {
    const entry = await loadAndCache()
    const cached = readSpecCache(entry, 'openapi') as LoadedSpec
    const whole = JSON.parse(JSON.stringify(await load()))
    expect(openSpecCacheFileCount()).toBe(1)
    // Replaced while open: the chunks still come from the file the record was read from.
    const bytes = readFileSync(entry.file)
    writeFileSync(`${entry.file}.new`, bytes)
    renameSync(`${entry.file}.new`, entry.file)
    expect(JSON.parse(JSON.stringify(cached.document))).toEqual(whole.document)

    const later = readSpecCache(entry, 'openapi') as LoadedSpec
    closeSpecCacheFiles()
    expect(openSpecCacheFileCount()).toBe(0)
    writeFileSync(`${entry.file}.new`, bytes)
    renameSync(`${entry.file}.new`, entry.file)
    let thrown: unknown
    try {
      JSON.stringify(later.document)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ContractRunError)
    expect(thrown).toMatchObject({ code: HarnessErrorCode.SpecLoadFailed, specName: 'openapi' })
    expect((thrown as Error).message).toContain(`Spec 'openapi' cannot be read from ${entry.file}`)
  })

  it('gives workers the spec the main process loaded, external files included', async () => {
    const spec = await load()
    const entry = writeSpecCache(cache, base, spec, Date.now()) as SpecCacheEntry
    expect(isCacheCurrent(entry)).toBe(true)
    const cached = readSpecCache(entry, 'openapi')
    expect(cached).toEqual(spec)
    expect(cached?.operations.map((operation) => operation.key)).toEqual([
      'GET /pets/{petId}',
      'GET /owners/{ownerId}',
    ])
  })

  it('gives workers the path matcher from the multi-segment parameters the record lists', async () => {
    const folder = join(dir, 'multi-segment')
    mkdirSync(folder)
    const ok = { responses: { '200': { description: 'OK' } } }
    const path = { name: 'path', in: 'path', required: true, schema: { type: 'string' } }
    writeFileSync(
      join(folder, 'files.json'),
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'files', version: '1' },
        paths: {
          '/files/{path}': { get: { ...ok, parameters: [{ ...path, 'x-multi-segment': true }] } },
          '/blobs/{path}': { get: { ...ok, parameters: [path] } },
        },
      }),
    )
    const entry = writeSpecCache(cache, folder, await loadSpec('files', { basePath: folder }), Date.now())
    const restored = readSpecCache(entry as SpecCacheEntry, 'files')
    expect(restored === undefined ? undefined : getPathMatcher(restored).match('/files/a/b')?.template).toBe(
      '/files/{path}',
    )
    // What the worker matches with is the record's list, not a scan of the document.
    const record = readSpecCacheRecord((entry as SpecCacheEntry).file, 'files') as SpecCacheRecord
    expect(record.multiSegmentParameters).toEqual([['/files/{path}', ['path']]])
    writeFileSync(
      (entry as SpecCacheEntry).file,
      encodeSpecCacheRecord({ ...record, multiSegmentParameters: [['/blobs/{path}', ['path']]] }),
    )
    const rewritten = readSpecCache(entry as SpecCacheEntry, 'files') as LoadedSpec
    expect(getPathMatcher(rewritten).match('/files/a/b')).toBeUndefined()
    expect(getPathMatcher(rewritten).match('/blobs/a/b')?.template).toBe('/blobs/{path}')
  })

  it('is out of date once the entry file or a file it references has changed', async () => {
    const entry = await loadAndCache()
    appendFileSync(join(base, 'schemas', 'nested', 'owner.yaml'), '\n# edited\n')
    expect(isCacheCurrent(entry)).toBe(false)

    const reloaded = await loadAndCache()
    expect(isCacheCurrent(reloaded)).toBe(true)
    appendFileSync(join(base, 'openapi.yaml'), '\n# edited\n')
    expect(isCacheCurrent(reloaded)).toBe(false)
  })

  it('is not read for another spec, nor when rewritten from other files, missing or not a cache', async () => {
    const entry = await loadAndCache()
    expect(readSpecCache(entry, 'petstore')).toBeUndefined()
    appendFileSync(join(base, 'openapi.yaml'), '\n# edited\n')
    await loadAndCache()
    expect(readSpecCache(entry, 'openapi')).toBeUndefined()
    expect(readSpecCache({ ...entry, file: join(cache, 'missing.bin') }, 'openapi')).toBeUndefined()
    writeFileSync(entry.file, 'not a cache')
    expect(readSpecCache(entry, 'openapi')).toBeUndefined()
  })

  it('leaves a spec to the workers when the cache folder cannot be written', async () => {
    writeFileSync(cache, 'a file where the folder should be')
    expect(writeSpecCache(cache, base, await load(), Date.now())).toBeUndefined()
  })

  it('leaves no half-written file when the record cannot take its place', async () => {
    mkdirSync(join(cache, 'openapi.bin'), { recursive: true })
    expect(writeSpecCache(cache, base, await load(), Date.now())).toBeUndefined()
    expect(readdirSync(cache)).toEqual(['openapi.bin'])
  })
})

describe('the spec cache, from one run to the next', () => {
  it('gives the next run the spec without loading it while its files keep their content', async () => {
    settle(base)
    const spec = await load()
    const entry = await loadAndCache()
    const reused = reuseSpecCache(cache, base, 'openapi')
    // Read whole: the main process keeps no spec cache file open, however often a watch-mode run reuses it.
    expect(openSpecCacheFileCount()).toBe(0)
    expect(reused?.spec).toEqual(spec)
    expect(reused?.entry).toEqual(entry)

    // Proof that it came from the cache and not from the files: what the record says is what comes back.
    rewriteRecord(entry, (record) => ({
      ...record,
      document: { ...record.document, info: { title: 'from the cache', version: '1' } },
    }))
    expect(reuseSpecCache(cache, base, 'openapi')?.spec.document.info).toEqual({
      title: 'from the cache',
      version: '1',
    })
  })

  it('sees an edit that keeps the size and the modification time of a file', async () => {
    settle(base)
    const entry = await loadAndCache()
    for (const file of ['openapi.yaml', join('schemas', 'nested', 'owner.yaml')]) {
      const path = join(base, file)
      const { atime, mtime } = statSync(path)
      const text = readFileSync(path, 'utf8')
      writeFileSync(path, text.replace('type: string', 'type: number'))
      utimesSync(path, atime, mtime)
      expect(isCacheCurrent(entry)).toBe(true)
      expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
      writeFileSync(path, text)
      utimesSync(path, atime, mtime)
      expect(reuseSpecCache(cache, base, 'openapi')).toBeDefined()
    }
  })

  it('gives a touched but unchanged spec without an entry, so that the run writes the cache again', async () => {
    settle(base)
    await loadAndCache()
    const later = new Date(Date.now() - 30_000)
    utimesSync(join(base, 'responses.json'), later, later)
    const reused = reuseSpecCache(cache, base, 'openapi')
    expect(reused?.spec).toEqual(await load())
    expect(reused?.entry).toBeUndefined()
    const entry = writeSpecCache(cache, base, reused?.spec as never, Date.now()) as SpecCacheEntry
    expect(readSpecCache(entry, 'openapi')).toEqual(reused?.spec)
    expect(reuseSpecCache(cache, base, 'openapi')?.entry).toEqual(entry)
  })

  it.each([
    ['a file of another extension now takes the name', () => writeFileSync(join(base, 'openapi.json'), '{}')],
    ['a referenced file is gone', () => rmSync(join(base, 'schemas', 'pet.yaml'))],
    ['the spec file is gone', () => rmSync(join(base, 'openapi.yaml'))],
  ])('is not reused when %s', async (_case, change) => {
    settle(base)
    await loadAndCache()
    change()
    expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
  })

  it('is not reused from another base path, by another spec loader, or from another format', async () => {
    settle(base)
    const entry = await loadAndCache()
    const other = join(dir, 'elsewhere')
    cpSync(base, other, { recursive: true, preserveTimestamps: true })
    expect(reuseSpecCache(cache, other, 'openapi')).toBeUndefined()

    rewriteRecord(entry, (record) => ({ ...record, loader: `${record.loader}+other` }))
    expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
    await loadAndCache()
    rewriteRecord(entry, (record) => ({ ...record, format: 'contracttool-spec-cache/1' as never }))
    expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
    expect(readSpecCache(entry, 'openapi')).toBeUndefined()
  })

  it.each([
    ['an edited keyword', (bytes: Buffer) => replaceOnce(bytes, 'minLength', 'minLengtX')],
    ['one flipped bit', (bytes: Buffer) => flipBit(bytes, bytes.length - 3)],
    ['a copy cut short', (bytes: Buffer) => bytes.subarray(0, bytes.length - 100)],
  ])(
    'is removed, with one NOTE, when its content holds %s, and the spec loaded again',
    async (_label, damage) => {
      settle(base)
      const spec = await load()
      const entry = await loadAndCache()
      writeFileSync(entry.file, damage(readFileSync(entry.file)))
      const notes: string[] = []
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        notes.push(String(chunk))
        return true
      })
      try {
        expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
        expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
      } finally {
        stderr.mockRestore()
      }
      expect(notes).toEqual([
        `[contracttool] NOTE: the cached copy of spec 'openapi' ${entry.file} was damaged (its checksum does not match its content): removed, and built again from the source. Nothing else is affected.\n`,
      ])
      await loadAndCache()
      expect(reuseSpecCache(cache, base, 'openapi')?.spec).toEqual(spec)
    },
  )

  it('hands a spec whose files changed just before it was loaded to the workers, not to the next run', async () => {
    const entry = await loadAndCache()
    expect(isCacheCurrent(entry)).toBe(true)
    expect(readSpecCache(entry, 'openapi')).toEqual(await load())
    expect(reuseSpecCache(cache, base, 'openapi')).toBeUndefined()
    settle(base)
    await loadAndCache()
    expect(reuseSpecCache(cache, base, 'openapi')).toBeDefined()
  })
})

/** `bytes` with the first `from` (Latin-1) replaced by `to`, of the same length. */
function replaceOnce(bytes: Buffer, from: string, to: string): Buffer {
  const at = bytes.indexOf(from, 0, 'latin1')
  expect(at).toBeGreaterThan(0)
  const copy = Buffer.from(bytes)
  copy.write(to, at, 'latin1')
  return copy
}

function flipBit(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes)
  copy[at] = (copy[at] as number) ^ 1
  return copy
}
