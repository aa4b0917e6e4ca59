import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { schemaCodeFolder } from './schema-code-folder.js'

let cacheDir: string
beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'contracttool-schema-code-main-'))
})
afterEach(() => {
  rmSync(cacheDir, { recursive: true, force: true })
})

describe('schemaCodeFolder', () => {
  it('names one folder per validator build and removes the folders earlier builds left', () => {
    for (const old of ['schema-code-0000000000000000', 'schema-code-1111111111111111']) {
      mkdirSync(join(cacheDir, old))
      writeFileSync(join(cacheDir, old, 'a.code'), 'kept code of an earlier install')
    }
    mkdirSync(join(cacheDir, 'specs'))
    writeFileSync(join(cacheDir, 'notes.txt'), 'not ours to remove')

    const folder = schemaCodeFolder(cacheDir)
    expect(folder).toMatch(/schema-code-[0-9a-f]{16}$/)
    mkdirSync(folder as string)
    expect(readdirSync(cacheDir).sort()).toEqual([basename(folder as string), 'notes.txt', 'specs'].sort())

    // The same build keeps its folder from one run to the next.
    writeFileSync(join(folder as string, 'b.code'), 'kept code')
    expect(schemaCodeFolder(cacheDir)).toBe(folder)
    expect(existsSync(join(folder as string, 'b.code'))).toBe(true)
  })

  it('names the folder before the cache folder exists', () => {
    expect(schemaCodeFolder(join(cacheDir, 'missing'))).toMatch(/schema-code-[0-9a-f]{16}$/)
  })
})
