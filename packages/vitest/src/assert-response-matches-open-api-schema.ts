import type { OpenApiCheckOptions } from '@contracttool/harness'
import { ContractAssertionError } from '@contracttool/harness/internal'
import { worker } from './internal/worker.js'

/**
 * The check of `expect(res).toMatchOpenApiSchema()` as a plain function: throws a `ContractAssertionError`
 * (an `AssertionError` with `actual` / `expected` and the full message) when the response breaks the
 * contract. Outside a `contractTesting()` run, pass the spec itself: `{ spec: await loadSpec(...) }`.
 *
 * @example
 * const res = await request(app).get('/pets')
 * assertResponseMatchesOpenApiSchema(res, { spec: 'petstore', skipResponseCodes: [404] })
 */
export function assertResponseMatchesOpenApiSchema(response: unknown, options?: OpenApiCheckOptions): void {
  const { checkResponse, describeViolations, diffValues } = worker.exports()
  const outcome = checkResponse(response, options, 'assertResponseMatchesOpenApiSchema', undefined)
  if (!outcome.failed) return
  throw new ContractAssertionError(describeViolations(outcome), {
    ...diffValues(outcome),
    result: outcome.response,
    requestResult: outcome.request,
  })
}
