import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { SupertestErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), SupertestErrorCode, 'CONTRACTTOOL_SUPERTEST_')
