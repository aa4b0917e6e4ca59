import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { FetchErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), FetchErrorCode, 'CONTRACTTOOL_FETCH_')
