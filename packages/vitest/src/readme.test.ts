import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { VitestErrorCode } from './errors.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README', () => {
  it('documents every error code, and only those, under "## Error codes"', () => {
    const section = readme.split('\n## Error codes\n')[1]?.split('\n## ')[0] ?? ''
    const documented = [...section.matchAll(/^\|\s*`(CONTRACTTOOL_[A-Z_]+)`\s*\|/gm)].map((match) => match[1])
    expect(documented.sort()).toEqual(Object.values(VitestErrorCode).sort())
  })

  it('has a migration section for jest-openapi / vitest-openapi users', () => {
    expect(readme).toContain('## Migrating from jest-openapi / vitest-openapi')
    expect(readme).toContain('`toSatisfyApiSpec()`')
  })
})
