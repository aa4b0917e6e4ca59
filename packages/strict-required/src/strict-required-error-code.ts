/**
 * Every `code` a `ContractToolError` thrown by `@contracttool/strict-required` can carry. Listed in the
 * README under "Error codes"; a test keeps the two in sync.
 */
export const StrictRequiredErrorCode = {
  /** A mode value (`strictRequired`, `--strict-required`, the per-call and additional-properties twins) is not one of the accepted values. */
  InvalidMode: 'CONTRACTTOOL_STRICT_INVALID_MODE',
  /** `fail` was given to a per-call mode: per-call checks are warn-only by design, and `fail` is never demoted to `warn`. */
  PerCallFailUnsupported: 'CONTRACTTOOL_STRICT_PER_CALL_FAIL_UNSUPPORTED',
  /** A merged strict-required state still uses the v1 row format (`alwaysPresent`) instead of v2 `pointers`. */
  StateV1Rejected: 'CONTRACTTOOL_STRICT_STATE_V1_REJECTED',
  /** A merged state carries a `version` this package does not read. */
  StateUnsupportedVersion: 'CONTRACTTOOL_STRICT_STATE_UNSUPPORTED_VERSION',
  /** A merged state has the right version but a malformed shape (wrong types, `hits` < 1, bad keys). */
  StateMalformed: 'CONTRACTTOOL_STRICT_STATE_MALFORMED',
  /** A function received an argument of the wrong type (for example a spec list that is neither a Map nor an array). */
  InvalidArgument: 'CONTRACTTOOL_INVALID_ARGUMENT',
} as const
export type StrictRequiredErrorCode = (typeof StrictRequiredErrorCode)[keyof typeof StrictRequiredErrorCode]
