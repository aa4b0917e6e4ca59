import type { OpenApiCheckOptions } from '@contracttool/harness'
import { assertCheck } from './internal/check.js'

/**
 * Validates the request a response answers (parameters, body, security), records it for coverage, and
 * throws an `OpenApiAssertionError` when it breaks the contract, with the message of Vitest's
 * `toMatchOpenApiRequest()`.
 *
 * @example
 * const res = await request(app).post('/pets').send({ name: 'Tom' })
 * assertRequestMatchesOpenApiSchema(res)
 */
export function assertRequestMatchesOpenApiSchema(
  response: unknown,
  options?: Pick<OpenApiCheckOptions, 'spec'>,
): void {
  assertCheck('request', response, options, 'assertRequestMatchesOpenApiSchema')
}
