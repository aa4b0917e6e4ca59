import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { CliErrorCode } from './cli-error-code.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), CliErrorCode, 'CONTRACTTOOL_CLI_')

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

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
