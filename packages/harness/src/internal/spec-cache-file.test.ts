import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeSpecCacheFiles, openSpecCacheFileCount, SpecCacheFile } from './spec-cache-file.js'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-spec-cache-file-'))
  file = join(dir, 'spec.bin')
  writeFileSync(file, 'abcdefghij')
})
afterEach(() => {
  closeSpecCacheFiles()
  rmSync(dir, { recursive: true, force: true })
})

/** Replaces `file` as a run writing its cache does: aside, then renamed over it. */
function replace(content: string): void {
  writeFileSync(`${file}.tmp`, content)
  renameSync(`${file}.tmp`, file)
}

describe('a spec cache file', () => {
  it('reads the bytes asked for, and reopens after being closed', () => {
    const opened = new SpecCacheFile(file)
    expect(opened.length).toBe(10)
    expect(opened.read(2, 5).toString()).toBe('cde')
    expect(opened.read(4, 4).length).toBe(0)
    expect(openSpecCacheFileCount()).toBe(1)
    closeSpecCacheFiles()
    expect(openSpecCacheFileCount()).toBe(0)
    expect(opened.read(8, 10).toString()).toBe('ij')
    expect(openSpecCacheFileCount()).toBe(1)
  })

  it('keeps reading the file it opened when another run replaces it', () => {
    const opened = new SpecCacheFile(file)
    replace('ABCDEFGHIJ')
    expect(opened.read(0, 3).toString()).toBe('abc')
  })

  it('refuses to read a replaced file once closed, even with the same content', () => {
    const opened = new SpecCacheFile(file)
    opened.close()
    replace('abcdefghij')
    expect(() => opened.read(0, 3)).toThrow(`${file} was replaced since this process first read it`)
    expect(openSpecCacheFileCount()).toBe(0)
  })

  it.each([
    [-1, 2],
    [3, 2],
    [0, 11],
    [0.5, 2],
  ])('refuses bytes %d to %d', (from, to) => {
    const opened = new SpecCacheFile(file)
    expect(() => opened.read(from, to)).toThrow(`bytes ${from} to ${to} are outside ${file} (10 bytes)`)
  })

  it('throws as opening does for a missing file, and keeps nothing open', () => {
    expect(() => new SpecCacheFile(join(dir, 'missing.bin'))).toThrow(/ENOENT/)
    expect(openSpecCacheFileCount()).toBe(0)
  })
})
