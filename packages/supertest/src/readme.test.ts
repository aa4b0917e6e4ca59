import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/fixtures/readme-error-codes'
import { SupertestErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), SupertestErrorCode, 'CONTRACTTOOL_SUPERTEST_')
