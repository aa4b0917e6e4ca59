import type { OpenApiCheckOptions } from '@contracttool/harness'
import { assertCheck } from './internal/check.js'

/**
 * Validates a response (supertest/superagent, fastify `inject`, a `contractFetch()` Response, or an exchange
 * object) against the operation its request matched, records it for coverage, and throws an
 * `OpenApiAssertionError` (a `node:assert` `AssertionError`) when it breaks the contract, with the message of
 * Vitest's `toMatchOpenApiSchema()`.
 *
 * @example
 * const res = await request(app).get('/pets')
 * assertResponseMatchesOpenApiSchema(res, { skipResponseCodes: [404] })
 */
export function assertResponseMatchesOpenApiSchema(response: unknown, options?: OpenApiCheckOptions): void {
  assertCheck('response', response, options, 'assertResponseMatchesOpenApiSchema')
}
