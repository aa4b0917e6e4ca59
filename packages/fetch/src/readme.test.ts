import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FetchErrorCode } from './errors.js'

describe('README', () => {
  it('documents every error code, and only those, under "## Error codes"', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.split('\n## Error codes\n')[1]?.split('\n## ')[0] ?? ''
    const documented = [...section.matchAll(/^\|\s*`(CONTRACTTOOL_[A-Z_]+)`\s*\|/gm)].map((match) => match[1])
    expect(documented.sort()).toEqual(Object.values(FetchErrorCode).sort())
  })
})
