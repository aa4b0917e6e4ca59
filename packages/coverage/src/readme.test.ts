import { join } from 'node:path'
import { describeErrorCodeTable, productionSources } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { CoverageErrorCode } from './errors.js'

const packageDir = join(import.meta.dirname, '..')

// Not `CONTRACTTOOL_` alone: the sources also name the environment variable `CONTRACTTOOL_CONSOLE_OUTPUT`.
describeErrorCodeTable(packageDir, CoverageErrorCode, {
  prefixes: ['CONTRACTTOOL_COVERAGE_', 'CONTRACTTOOL_SIDECAR_'],
  codesName: 'CoverageErrorCode',
})

describe('README error codes', () => {
  it('every code is thrown through CoverageErrorCode, never as a literal', () => {
    for (const { file, text } of productionSources(packageDir)) {
      if (file === 'errors.ts') continue
      expect(text, `src/${file} throws with a literal code`).not.toMatch(
        /new (?:Coverage|ContractTool)Error\(\s*['"`]/,
      )
    }
  })
})
