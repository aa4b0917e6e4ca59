import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CoverageErrorCode } from './errors.js'

const packageRoot = join(import.meta.dirname, '..')
const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('README', () => {
  const table = readme.slice(readme.indexOf('## Error codes'))

  it.each(Object.entries(CoverageErrorCode))('lists %s (%s) in the error code table', (_name, code) => {
    expect(table).toMatch(new RegExp(`\\| \`${code}\` +\\|`))
  })

  it('lists no code the package does not define', () => {
    const listed = [...table.matchAll(/\| `(CONTRACTTOOL_[A-Z0-9_]+)` +\|/g)].map((match) => match[1])
    expect(listed.sort()).toEqual(Object.values(CoverageErrorCode).sort())
  })

  it('every code thrown in the sources is a CoverageErrorCode member', () => {
    const members = new Set(Object.keys(CoverageErrorCode))
    for (const file of sources(join(packageRoot, 'src'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/CoverageErrorCode\.([A-Za-z0-9]+)/g)) {
        expect(
          members.has(match[1] ?? ''),
          `${relative(packageRoot, file)} uses CoverageErrorCode.${match[1]}`,
        ).toBe(true)
      }
      if (!file.endsWith('errors.ts')) {
        expect(text, `${relative(packageRoot, file)} throws with a literal code`).not.toMatch(
          /new (?:Coverage|ContractTool)Error\(\s*['"`]/,
        )
      }
    }
  })
})
