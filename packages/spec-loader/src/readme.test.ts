import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('## Error codes'))
  const documented = [...section.matchAll(/^\|\s*`(CONTRACTTOOL_[A-Z_]+)`\s*\|/gm)].map((match) => match[1])

  it('documents every error code, and only those', () => {
    expect([...documented].sort()).toEqual(Object.values(SpecErrorCode).sort())
  })

  it('opens with a runnable example', () => {
    expect(readme.split('\n').slice(0, 12).join('\n')).toContain('import { loadSpec')
  })
})
