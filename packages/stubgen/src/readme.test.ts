import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { StubgenErrorCode } from './errors.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const table = readme.slice(readme.indexOf('## Error codes'))

  it.each(Object.values(StubgenErrorCode))('documents %s', (code) => {
    expect(table).toContain(`\`${code}\``)
  })

  it('documents no code the package does not throw', () => {
    const documented = [...table.matchAll(/`(CONTRACTTOOL_[A-Z_]+)`/g)].map((m) => m[1])
    expect(documented.sort()).toEqual(Object.values(StubgenErrorCode).sort())
  })
})
