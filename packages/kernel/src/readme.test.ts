import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as kernel from './index.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const index = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
  const table = readme.slice(readme.indexOf('| Name'), readme.indexOf('## Error codes'))
  // The names of the table's first column: `name` or `name(arguments)`.
  const documented = new Set(
    table
      .split('\n')
      .slice(2)
      .flatMap((row) =>
        [...(row.split('|')[1] ?? '').matchAll(/`([A-Za-z_]+)[(`]/g)].map((match) => match[1]),
      ),
  )

  it('documents every exported name, values and types, and only those', () => {
    // Every name of the entry's `export { … } from` and `export type { … } from` lists, types included.
    const exported = [...index.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
      (match[1] ?? '')
        .split(',')
        .map((name) => name.trim().replace(/^type /, ''))
        .filter((name) => name !== ''),
    )
    expect(exported).toEqual(expect.arrayContaining(Object.keys(kernel)))
    expect([...documented].sort()).toEqual([...new Set(exported)].sort())
  })

  it('opens with a runnable example', () => {
    expect(readme.split('\n').slice(0, 16).join('\n')).toContain("} from '@contracttool/kernel'")
  })
})
