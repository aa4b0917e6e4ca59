/**
 * Every `code` a `ContractToolError` thrown by the contract checks can carry. The README lists each
 * one. Explorer and spec-loader codes (a generator defect, a spec that fails to load) pass through
 * unchanged.
 *
 * @example
 * await expect(plan.report()).rejects.toMatchObject({ code: ContractChecksErrorCode.DispatcherMissing })
 */
export const ContractChecksErrorCode = {
  InvalidOption: 'CONTRACTTOOL_CHECKS_INVALID_OPTION',
  UnknownCheck: 'CONTRACTTOOL_CHECKS_UNKNOWN_CHECK',
  NoChecks: 'CONTRACTTOOL_CHECKS_NO_CHECKS',
  InvalidExpectation: 'CONTRACTTOOL_CHECKS_INVALID_EXPECTATION',
  DispatcherMissing: 'CONTRACTTOOL_CHECKS_DISPATCHER_MISSING',
  DispatchFailed: 'CONTRACTTOOL_CHECKS_DISPATCH_FAILED',
  InvalidDispatchResult: 'CONTRACTTOOL_CHECKS_INVALID_DISPATCH_RESULT',
  SpecUnresolved: 'CONTRACTTOOL_CHECKS_SPEC_UNRESOLVED',
  MalformedPaths: 'CONTRACTTOOL_CHECKS_MALFORMED_PATHS',
  FiltersMatchedNothing: 'CONTRACTTOOL_CHECKS_FILTERS_MATCHED_NOTHING',
  /** Shared with the validator: the same security detection decides, with the same code. */
  MalformedSecurity: 'CONTRACTTOOL_MALFORMED_SECURITY',
} as const
export type ContractChecksErrorCode = (typeof ContractChecksErrorCode)[keyof typeof ContractChecksErrorCode]
