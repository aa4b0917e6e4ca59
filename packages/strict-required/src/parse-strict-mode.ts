import { ADDITIONAL_PROPERTIES_POLICY } from './internal/additional-properties-policy.js'
import { parseMode } from './internal/parse-mode.js'
import { REQUIRED_POLICY } from './internal/required-policy.js'
import type {
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from './types.js'

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
  return parseMode(REQUIRED_POLICY, 'run', raw, source)
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
  return parseMode(REQUIRED_POLICY, 'per-call', raw, source)
}

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
  return parseMode(ADDITIONAL_PROPERTIES_POLICY, 'run', raw, source)
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
  return parseMode(ADDITIONAL_PROPERTIES_POLICY, 'per-call', raw, source)
}
