import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { MatcherErrorCode } from './matcher-error-code.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), MatcherErrorCode, {
  prefixes: ['CONTRACTTOOL_'],
  codesName: 'MatcherErrorCode',
})
