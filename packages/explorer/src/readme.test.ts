import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { ExplorerErrorCode } from './explorer-error-code.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ExplorerErrorCode, 'CONTRACTTOOL_EXPLORER_')
