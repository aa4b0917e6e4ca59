import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CliErrorCode } from './cli-error-code.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const table = readme.slice(readme.indexOf('## Error codes'))

  it.each(Object.values(CliErrorCode))('documents %s', (code) => {
    expect(table).toContain(`\`${code}\``)
  })

  it('documents no code the package does not throw', () => {
    const documented = [...table.matchAll(/^\| `(CONTRACTTOOL_[A-Z_]+)`/gm)].map((m) => m[1])
    expect(documented.sort()).toEqual(Object.values(CliErrorCode).sort())
  })

  it('documents every doctor category', () => {
    for (const category of [
      'io',
      'parser',
      'version',
      'dialect',
      'references',
      'structure',
      'keyword',
      'feature',
      'configuration',
      'compatibility',
      'spec',
      'internal',
    ]) {
      expect(readme).toContain(`\`${category}\``)
    }
  })
})
