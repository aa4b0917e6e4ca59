import { parseMode } from './internal/parse-mode.js'
import type { StrictRequiredMode, StrictRequiredPerCallMode } from './types.js'

/**
 * Reads the run-level strict-required mode. Case and surrounding whitespace are ignored (`'Warn'`,
 * `'fail '`); unset or blank means `off`. Anything else throws a `ContractToolError` with code
 * `CONTRACTTOOL_STRICT_INVALID_MODE` whose message starts with `[OpenAPI Strict Required] FATAL:` and names
 * the setting as `source` spells it.
 *
 * @example
 * parseStrictRequiredMode(process.env.STRICT_REQUIRED, '--strict-required') // 'off' when unset
 */
export function parseStrictRequiredMode(raw: unknown, source = 'strictRequired'): StrictRequiredMode {
  return parseMode(raw, { prefix: '[OpenAPI Strict Required]', source, accepted: ['off', 'warn', 'fail'] })
}

/**
 * Reads the per-call strict-required mode: `off` or `warn`. `fail` is rejected with code
 * `CONTRACTTOOL_STRICT_PER_CALL_FAIL_UNSUPPORTED` (it is never demoted to `warn`); other unknown values
 * throw `CONTRACTTOOL_STRICT_INVALID_MODE`.
 *
 * @example
 * parseStrictRequiredPerCallMode(' WARN ', 'strictRequiredPerCall') // 'warn'
 */
export function parseStrictRequiredPerCallMode(
  raw: unknown,
  source = 'strictRequiredPerCall',
): StrictRequiredPerCallMode {
  return parseMode(raw, {
    prefix: '[OpenAPI Strict Required per-call]',
    source,
    accepted: ['off', 'warn'],
    failRejection:
      `${source} does not support 'fail': per-call mode is warn-only by design, because it warns on every legitimately ` +
      `optional field present in a single response. To fail tests on per-call drift, turn ContractToolWarning ` +
      `warnings into test failures (see the @contracttool/strict-required README, "Per-call mode"); for an ` +
      `aggregate gate that fails the run, use strictRequired: 'fail'.`,
  })
}
