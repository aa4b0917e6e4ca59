import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { VitestErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), VitestErrorCode, 'CONTRACTTOOL_VITEST_')

describe('README', () => {
  it('has a migration section for jest-openapi / vitest-openapi users', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    expect(readme).toContain('## Migrating from jest-openapi / vitest-openapi')
    expect(readme).toContain('`toSatisfyApiSpec()`')
  })
})
