import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { MochaErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), MochaErrorCode, 'CONTRACTTOOL_MOCHA_')
