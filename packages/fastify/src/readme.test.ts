import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { FastifyErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), FastifyErrorCode, 'CONTRACTTOOL_FASTIFY_')
