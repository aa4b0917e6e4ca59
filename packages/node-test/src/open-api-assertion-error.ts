import { AssertionError } from 'node:assert'
import type { ValidationResult } from '@contracttool/validator'

/**
 * Thrown by `assertResponseMatchesOpenApiSchema()` and `assertRequestMatchesOpenApiSchema()` when an exchange
 * breaks the contract: a `node:assert` `AssertionError` (`code: 'ERR_ASSERTION'`, `actual`, `expected`), so
 * node:test reports it as a failed assertion with a diff, carrying the failing `ValidationResult`s.
 *
 * @example
 * try {
 *   assertResponseMatchesOpenApiSchema(res)
 * } catch (error) {
 *   if (error instanceof OpenApiAssertionError) console.log(error.result?.violations)
 * }
 */
export class OpenApiAssertionError extends AssertionError {
  /** The failing response result, when the response side failed. */
  readonly result: ValidationResult | undefined
  /** The failing request result, when the request side failed. */
  readonly requestResult: ValidationResult | undefined

  constructor(
    message: string,
    details: {
      readonly actual: unknown
      readonly expected: unknown
      readonly operator: string
      readonly result?: ValidationResult | undefined
      readonly requestResult?: ValidationResult | undefined
    },
  ) {
    super({ message, actual: details.actual, expected: details.expected, operator: details.operator })
    this.result = details.result
    this.requestResult = details.requestResult
  }
}
