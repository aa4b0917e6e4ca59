import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { StubgenErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), StubgenErrorCode, 'CONTRACTTOOL_STUBS_')
