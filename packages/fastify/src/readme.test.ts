import { join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/fixtures/readme-error-codes'
import { FastifyErrorCode } from './errors.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), FastifyErrorCode, 'CONTRACTTOOL_FASTIFY_')
