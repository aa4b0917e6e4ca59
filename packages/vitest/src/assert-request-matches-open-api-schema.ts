import type { OpenApiCheckOptions } from '@contracttool/harness'
import { ContractAssertionError } from '@contracttool/harness/internal'
import { worker } from './internal/worker.js'

/**
 * The check of `expect(res).toMatchOpenApiRequest()` as a plain function: validates the request a response
 * answers (parameters, body, security) and throws a `ContractAssertionError` when it breaks the contract.
 *
 * @example
 * const res = await request(app).post('/pets').send({ name: 'Tom' })
 * assertRequestMatchesOpenApiSchema(res)
 */
export function assertRequestMatchesOpenApiSchema(
  response: unknown,
  options?: Pick<OpenApiCheckOptions, 'spec'>,
): void {
  const { checkRequest, describeViolations, diffValues } = worker.exports()
  const outcome = checkRequest(response, options, 'assertRequestMatchesOpenApiSchema', undefined)
  if (!outcome.failed) return
  throw new ContractAssertionError(describeViolations(outcome), {
    ...diffValues(outcome),
    requestResult: outcome.request,
  })
}
