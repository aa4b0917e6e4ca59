import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { ContractChecksErrorCode } from './contract-checks-error-code.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ContractChecksErrorCode, {
  prefixes: ['CONTRACTTOOL_'],
  codesName: 'ContractChecksErrorCode',
})
