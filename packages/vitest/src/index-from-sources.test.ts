import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as entry from './index.js'
import * as fromSources from './index-from-sources.js'

/** The names a module's `export` statements list, types included (`as` renames counted by their new name). */
function exportedNames(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8')
  const names = [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap(([, list]) =>
    (list ?? '')
      .split(',')
      .map((item) => item.trim().replace(/^type /, ''))
      .filter((item) => item !== '')
      .map((item) => item.split(/\s+as\s+/).at(-1) as string),
  )
  return names.sort()
}

describe('the entry from sources', () => {
  it('exports what the built entry exports, types included', () => {
    expect(Object.keys(fromSources).sort()).toEqual(Object.keys(entry).sort())
    expect(exportedNames('./index-from-sources.ts')).toEqual(exportedNames('./index.ts'))
    expect(exportedNames('./index.ts').length).toBeGreaterThan(10)
  })
})
