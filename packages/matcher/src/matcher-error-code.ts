import { SpecErrorCode } from '@contracttool/spec-loader'

/**
 * Every `code` a `ContractToolError` thrown by `@contracttool/matcher` can carry. Listed in the README
 * under "Error codes"; a test keeps the two in sync.
 *
 * @example
 * try {
 *   getPathMatcher(spec)
 * } catch (error) {
 *   if (isContractToolError(error) && error.code === MatcherErrorCode.DuplicatePlaceholder) console.error(error.message)
 * }
 */
export const MatcherErrorCode = {
  /** A path template repeats a placeholder name (`/a/{id}/b/{id}`); thrown when the matcher is built. */
  DuplicatePlaceholder: 'CONTRACTTOOL_DUPLICATE_PLACEHOLDER',
  /** A function received an argument of the wrong type (a spec that is not a `LoadedSpec`, a non-string path). */
  InvalidArgument: 'CONTRACTTOOL_INVALID_ARGUMENT',
  /**
   * A `servers` entry has a URL that does not parse or names a variable without a string `default`;
   * thrown by `matchOperation` while server matching is on.
   */
  InvalidServer: 'CONTRACTTOOL_INVALID_SERVER',
  /** `MatchOptions` is malformed (for example `stripPrefixes` is not a list of strings). */
  InvalidOption: SpecErrorCode.InvalidOption as typeof SpecErrorCode.InvalidOption,
} as const
export type MatcherErrorCode = (typeof MatcherErrorCode)[keyof typeof MatcherErrorCode]
