import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { JestErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), JestErrorCode, 'CONTRACTTOOL_JEST_')
