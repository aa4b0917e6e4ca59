import type { Exchange, ValidationResult } from '@contracttool/validator'

/**
 * A contract violation found by an adapter's server-side check (the Express middleware, the Fastify
 * plugin) while the app answered a request. Under
 * `@contracttool/vitest` it fails the test that sent the request; otherwise the check keeps it (see
 * `violations()` / `assertNoViolations()`). `name` is `'AssertionError'`: it is a failed expectation.
 *
 * @example
 * afterEach(() => contract.assertNoViolations())
 */
export class ContractViolationError extends Error {
  override readonly name = 'AssertionError'
  /** `'response'` or `'request'`, or `'setup'` when the check could not run (no spec bound). */
  readonly side: 'response' | 'request' | 'setup'
  readonly result: ValidationResult | undefined
  readonly exchange: Exchange

  constructor(
    side: 'response' | 'request' | 'setup',
    message: string,
    exchange: Exchange,
    result?: ValidationResult,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause })
    this.side = side
    this.exchange = exchange
    this.result = result
  }
}
