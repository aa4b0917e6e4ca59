import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/fixtures/readme-error-codes'
import { ExplorerErrorCode } from './explorer-error-code.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ExplorerErrorCode, 'CONTRACTTOOL_EXPLORER_')
