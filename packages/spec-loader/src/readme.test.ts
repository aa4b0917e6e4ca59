import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), SpecErrorCode, {
  prefixes: ['CONTRACTTOOL_'],
  codesName: 'SpecErrorCode',
})

describe('README example', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

  it('opens with a runnable example', () => {
    expect(readme.split('\n').slice(0, 12).join('\n')).toContain('import { loadSpec')
  })
})
