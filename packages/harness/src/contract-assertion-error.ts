import type { ValidationResult } from '@contracttool/validator'

/**
 * Thrown by `assertResponseMatchesOpenApiSchema()` and friends when an exchange breaks the contract. It is an
 * assertion failure, not misuse: `name` is `'AssertionError'` and `actual` / `expected` are set, so Vitest,
 * Jest and Mocha all render it as a failed expectation with a diff.
 *
 * @example
 * try {
 *   assertResponseMatchesOpenApiSchema(res)
 * } catch (error) {
 *   if (error instanceof ContractAssertionError) console.log(error.result?.violations)
 * }
 */
export class ContractAssertionError extends Error {
  override readonly name = 'AssertionError'
  readonly actual: unknown
  readonly expected: unknown
  readonly showDiff = true
  /** The failing response result, when the response side failed. */
  readonly result: ValidationResult | undefined
  /** The failing request result, when the request side failed. */
  readonly requestResult: ValidationResult | undefined

  constructor(
    message: string,
    details: {
      readonly actual: unknown
      readonly expected: unknown
      readonly result?: ValidationResult | undefined
      readonly requestResult?: ValidationResult | undefined
    },
  ) {
    super(message)
    this.actual = details.actual
    this.expected = details.expected
    this.result = details.result
    this.requestResult = details.requestResult
  }
}
