/**
 * The named contract checks (wire names as in reports and `describe()` lines).
 *
 * @example
 * OpenApiContractChecks.run('petstore', { seed: 42, basePath: 'openapi' }).checks([ContractCheck.IgnoredAuth])
 */
export const ContractCheck = {
  IgnoredAuth: 'ignored_auth',
  MissingRequiredHeader: 'missing_required_header',
  UnsupportedMethod: 'unsupported_method',
} as const

/** One of the `ContractCheck` wire names. */
export type ContractCheck = (typeof ContractCheck)[keyof typeof ContractCheck]

const NAMES: readonly string[] = Object.values(ContractCheck)

/**
 * True when `value` is a known check wire name.
 *
 * @example
 * isContractCheck('ignored_auth') // true
 */
export function isContractCheck(value: unknown): value is ContractCheck {
  return typeof value === 'string' && NAMES.includes(value)
}
