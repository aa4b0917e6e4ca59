import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/fixtures/readme-error-codes'
import { FetchErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), FetchErrorCode, 'CONTRACTTOOL_FETCH_')
