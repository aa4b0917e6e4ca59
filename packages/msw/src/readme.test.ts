import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { MswErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), MswErrorCode, 'CONTRACTTOOL_MSW_')
