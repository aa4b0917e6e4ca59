import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { ExpressErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ExpressErrorCode, 'CONTRACTTOOL_EXPRESS_')
