import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.test-kit.js'
import { writeNewFile } from './write-new-file.js'

describe('writeNewFile', () => {
  it('writes a new file and leaves no temporary file behind', () => {
    const dir = tempDir()
    expect(writeNewFile(join(dir, 'a.test.ts'), 'content\n')).toBe(true)
    expect(readFileSync(join(dir, 'a.test.ts'), 'utf8')).toBe('content\n')
    expect(readdirSync(dir)).toEqual(['a.test.ts'])
  })

  it('never replaces an existing file', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'a.test.ts'), 'mine\n')
    expect(writeNewFile(join(dir, 'a.test.ts'), 'generated\n')).toBe(false)
    expect(readFileSync(join(dir, 'a.test.ts'), 'utf8')).toBe('mine\n')
    expect(readdirSync(dir)).toEqual(['a.test.ts'])
  })
})
