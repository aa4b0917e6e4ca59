import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JestErrorCode } from './errors.js'

const packageDir = join(import.meta.dirname, '..')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')

describe('README', () => {
  const errorCodes = readme.split('\n## Error codes\n')[1]?.split('\n## ')[0] ?? ''
  const documented = [...errorCodes.matchAll(/^\| `(CONTRACTTOOL_[A-Z0-9_]+)`\s*\|/gm)].map((m) => m[1])

  it('lists every error code exactly once, and no other', () => {
    expect([...documented].sort()).toEqual([...new Set(Object.values(JestErrorCode))].sort())
  })

  it('documents every code the sources mention', () => {
    const sources = (readdirSync(join(packageDir, 'src'), { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    const mentioned = sources.flatMap(
      (file) =>
        readFileSync(join(packageDir, 'src', file), 'utf8').match(/CONTRACTTOOL_JEST_[A-Z0-9_]+/g) ?? [],
    )
    for (const code of new Set(mentioned)) expect(documented).toContain(code)
  })
})
