import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/fixtures/readme-error-codes'
import { ExpressErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ExpressErrorCode, 'CONTRACTTOOL_EXPRESS_')
