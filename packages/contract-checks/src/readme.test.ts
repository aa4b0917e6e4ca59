import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ContractChecksErrorCode } from './contract-checks-error-code.js'

const packageDir = join(import.meta.dirname, '..')

function readmeCodes(): string[] {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')
  const section = readme.split(/^## /m).find((part) => part.startsWith('Error codes'))
  return [...(section ?? '').matchAll(/^\|\s*`(CONTRACTTOOL_[A-Z_]+)`\s*\|/gm)].map(
    (match) => match[1] as string,
  )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('README error codes', () => {
  it('lists exactly the codes in ContractChecksErrorCode', () => {
    expect(readmeCodes().sort()).toEqual(Object.values(ContractChecksErrorCode).sort())
  })

  it('lists every code a source file throws', () => {
    const thrown = new Set<string>()
    for (const file of sourceFiles(join(packageDir, 'src'))) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/ContractChecksErrorCode\.(\w+)/g)) {
        thrown.add(ContractChecksErrorCode[match[1] as keyof typeof ContractChecksErrorCode])
      }
      for (const match of text.matchAll(/'(CONTRACTTOOL_[A-Z_]+)'/g)) thrown.add(match[1] as string)
    }
    expect(thrown.size).toBeGreaterThan(0)
    expect([...thrown].filter((code) => !readmeCodes().includes(code))).toEqual([])
  })
})
