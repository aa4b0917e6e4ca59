import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as slots from './global-slots.js'

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the list of Symbol.for keys', () => {
  it('is the only place a package names a contracttool Symbol.for key', () => {
    const named = readdirSync(PACKAGES).flatMap((name) => {
      const src = join(PACKAGES, name, 'src')
      try {
        return sources(src)
          .filter((file) => /Symbol\.for\(\s*['"`]contracttool\./.test(readFileSync(file, 'utf8')))
          .map((file) => relative(PACKAGES, file))
      } catch {
        return []
      }
    })
    // errorClass() derives `contracttool.<brand>.error` from the brand it is given.
    expect(named.sort()).toEqual(['kernel/src/contract-tool-error.ts', 'kernel/src/global-slots.ts'])
  })

  it('gives each key one name', () => {
    const keys = Object.values(slots as Record<string, unknown>)
      .filter((value): value is symbol => typeof value === 'symbol')
      .map((symbol) => symbol.description)
    expect(keys.length).toBeGreaterThanOrEqual(14)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
