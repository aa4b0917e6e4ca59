import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { PlaywrightErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), PlaywrightErrorCode, 'CONTRACTTOOL_PLAYWRIGHT_')
