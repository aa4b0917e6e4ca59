import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpec } from '@contracttool/spec-loader'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isCacheCurrent, readSpecCache, type SpecCacheEntry, writeSpecCache } from './spec-cache.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-spec-cache-'))
  cpSync(fixturePath('multi-file'), join(dir, 'openapi'), { recursive: true })
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const load = () => loadSpec('openapi', { basePath: join(dir, 'openapi') })

describe('the spec cache', () => {
  it('gives workers the spec the main process loaded, external files included', async () => {
    const spec = await load()
    const entry = writeSpecCache(join(dir, 'cache'), join(dir, 'openapi'), spec) as SpecCacheEntry
    expect(isCacheCurrent(entry)).toBe(true)
    const cached = readSpecCache(entry, 'openapi')
    expect(cached).toEqual(spec)
    expect(cached?.operations.map((operation) => operation.key)).toEqual([
      'GET /pets/{petId}',
      'GET /owners/{ownerId}',
    ])
  })

  it('is out of date once the entry file or a file it references has changed', async () => {
    const entry = writeSpecCache(join(dir, 'cache'), join(dir, 'openapi'), await load()) as SpecCacheEntry
    appendFileSync(join(dir, 'openapi', 'schemas', 'nested', 'owner.yaml'), '\n# edited\n')
    expect(isCacheCurrent(entry)).toBe(false)

    const reloaded = writeSpecCache(join(dir, 'cache'), join(dir, 'openapi'), await load()) as SpecCacheEntry
    expect(isCacheCurrent(reloaded)).toBe(true)
    appendFileSync(join(dir, 'openapi', 'openapi.yaml'), '\n# edited\n')
    expect(isCacheCurrent(reloaded)).toBe(false)
  })

  it('is not read for another spec, nor when rewritten from other files, missing or not a cache', async () => {
    const entry = writeSpecCache(join(dir, 'cache'), join(dir, 'openapi'), await load()) as SpecCacheEntry
    expect(readSpecCache(entry, 'petstore')).toBeUndefined()
    appendFileSync(join(dir, 'openapi', 'openapi.yaml'), '\n# edited\n')
    writeSpecCache(join(dir, 'cache'), join(dir, 'openapi'), await load())
    expect(readSpecCache(entry, 'openapi')).toBeUndefined()
    expect(readSpecCache({ ...entry, file: join(dir, 'cache', 'missing.bin') }, 'openapi')).toBeUndefined()
    writeFileSync(entry.file, 'not a cache')
    expect(readSpecCache(entry, 'openapi')).toBeUndefined()
  })

  it('leaves a spec to the workers when the cache folder cannot be written', async () => {
    writeFileSync(join(dir, 'cache'), 'a file where the folder should be')
    expect(writeSpecCache(join(dir, 'cache'), join(dir, 'openapi'), await load())).toBeUndefined()
  })
})
