import { parseMode } from './internal/parse-mode.js'
import type { StrictAdditionalPropertiesMode, StrictAdditionalPropertiesPerCallMode } from './types.js'

/**
 * Reads the run-level strict-additional-properties mode: `off`, `warn` or `fail`, case and surrounding
 * whitespace ignored, unset or blank meaning `off`. Anything else throws a `ContractToolError` with code
 * `CONTRACTTOOL_STRICT_INVALID_MODE` whose message starts with `[OpenAPI Strict Additional Properties] FATAL:`.
 *
 * @example
 * parseStrictAdditionalPropertiesMode('Fail', '--strict-additional-properties') // 'fail'
 */
export function parseStrictAdditionalPropertiesMode(
  raw: unknown,
  source = 'strictAdditionalProperties',
): StrictAdditionalPropertiesMode {
  return parseMode(raw, {
    prefix: '[OpenAPI Strict Additional Properties]',
    source,
    accepted: ['off', 'warn', 'fail'],
  })
}

/**
 * Reads the per-call strict-additional-properties mode: `off` or `warn`. `fail` is rejected with code
 * `CONTRACTTOOL_STRICT_PER_CALL_FAIL_UNSUPPORTED`, other unknown values with `CONTRACTTOOL_STRICT_INVALID_MODE`.
 *
 * @example
 * parseStrictAdditionalPropertiesPerCallMode('warn') // 'warn'
 */
export function parseStrictAdditionalPropertiesPerCallMode(
  raw: unknown,
  source = 'strictAdditionalPropertiesPerCall',
): StrictAdditionalPropertiesPerCallMode {
  return parseMode(raw, {
    prefix: '[OpenAPI Strict Additional Properties per-call]',
    source,
    accepted: ['off', 'warn'],
    failRejection:
      `${source} does not support 'fail': per-call mode is warn-only by design. To fail tests on per-call ` +
      `findings, turn ContractToolWarning warnings into test failures (see the @contracttool/strict-required ` +
      `README, "Per-call mode"); for an aggregate gate that fails the run, use strictAdditionalProperties: 'fail'.`,
  })
}
