import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as kernel from './index.js'
import * as internal from './internal.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

  /** The names of a table's first column: `name` or `name(arguments)`. */
  function documentedIn(section: string): string[] {
    const rows = section.slice(section.indexOf('| Name')).split('\n').slice(2)
    return rows
      .filter((row) => row.startsWith('|'))
      .flatMap((row) =>
        [...(row.split('|')[1] ?? '').matchAll(/`([A-Za-z_]+)[(`]/g)].map((match) => match[1] ?? ''),
      )
      .sort()
  }

  /** Every name of an entry's `export { … } from` and `export type { … } from` lists, types included. */
  function exportedBy(file: string): string[] {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8')
    return [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)]
      .flatMap((match) =>
        (match[1] ?? '')
          .split(',')
          .map((name) => name.trim().replace(/^type /, ''))
          .filter((name) => name !== ''),
      )
      .sort()
  }

  it.each([
    {
      entry: '@contracttool/kernel',
      file: './index.ts',
      values: kernel,
      section: readme.slice(readme.indexOf('| Name'), readme.indexOf('## Internal entry')),
    },
    {
      entry: '@contracttool/kernel/internal',
      file: './internal.ts',
      values: internal,
      section: readme.slice(readme.indexOf('## Internal entry'), readme.indexOf('## Error codes')),
    },
  ])('documents every name $entry exports, values and types, and only those', ({ file, values, section }) => {
    const exported = exportedBy(file)
    expect(exported).toEqual(expect.arrayContaining(Object.keys(values)))
    expect(documentedIn(section)).toEqual(exported)
  })

  it('keeps each name in one entry', () => {
    const pub = new Set(exportedBy('./index.ts'))
    expect(exportedBy('./internal.ts').filter((name) => pub.has(name))).toEqual([])
  })

  it('opens with a runnable example', () => {
    expect(readme.split('\n').slice(0, 16).join('\n')).toContain("} from '@contracttool/kernel'")
  })
})
