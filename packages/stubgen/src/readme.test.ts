import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/fixtures/readme-error-codes'
import { StubgenErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), StubgenErrorCode, 'CONTRACTTOOL_STUBS_')
