import { readSuperagentResponse } from '@contracttool/exchange'
import type { SuperagentResponse } from '@contracttool/exchange/internal'
import { ContractToolError } from '@contracttool/kernel'
import type { Exchange } from '@contracttool/validator'
import { SupertestErrorCode } from './errors.js'

type Loose = Record<PropertyKey, unknown>

/**
 * Reads a supertest / superagent response into the neutral exchange the validator checks: method and path
 * from `res.req` (the request it answers, query included), request headers and JSON body from the request
 * superagent sent, status, headers and body (decoded JSON, or the text) from the response.
 *
 * @example
 * const res = await request(app).post('/pets').send({ name: 'Tom' })
 * const { request: req, response } = exchangeFromSupertest(res)
 * const result = validateResponse(spec, { ...response, method: req.method, path: req.path })
 */
export function exchangeFromSupertest(res: unknown): Exchange {
  if (typeof res !== 'object' || res === null || typeof (res as Loose).status !== 'number') {
    throw new ContractToolError(
      SupertestErrorCode.NotAResponse,
      `exchangeFromSupertest() expects the response of a supertest or superagent request (await request(app).get('/pets')), got ${
        res === null ? 'null' : typeof res
      }${typeof res === 'object' && res !== null ? ` without a numeric status` : ''}.`,
    )
  }
  const v = res as Loose
  const exchange = readSuperagentResponse(v as SuperagentResponse)
  if (exchange === undefined) {
    throw new ContractToolError(
      SupertestErrorCode.RequestNotRecoverable,
      `exchangeFromSupertest() received a response with status ${String(v.status)} but without the request it answers ` +
        '(no `req` with `method` and `path`). Pass the response object supertest returned, not a copy of its fields.',
    )
  }
  return exchange
}
