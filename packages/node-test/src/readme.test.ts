import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { NodeTestErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), NodeTestErrorCode, 'CONTRACTTOOL_NODE_TEST_')
