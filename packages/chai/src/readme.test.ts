import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { ChaiPluginErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ChaiPluginErrorCode, 'CONTRACTTOOL_CHAI_')
