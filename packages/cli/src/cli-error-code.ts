/**
 * Every code a `ContractToolError` thrown by the `contracttool` package can carry. The README's
 * "Error codes" table lists them; a test keeps the two in sync. The CLI turns each into a message on
 * stderr and exit code 2.
 *
 * @example
 * if (isContractToolError(error) && error.code === CliErrorCode.ShadowedSpec) console.error(error.message)
 */
export const CliErrorCode = {
  /** A flag is missing, unknown, repeated where it cannot be, or has a value outside its accepted set. */
  Usage: 'CONTRACTTOOL_CLI_USAGE',
  /** An input file or directory is missing, is not of the expected kind, or cannot be read. */
  UnreadableInput: 'CONTRACTTOOL_CLI_UNREADABLE_INPUT',
  /** `--spec=x.yaml` names a file the runtime loader would not pick, because `x.json` sits beside it. */
  ShadowedSpec: 'CONTRACTTOOL_CLI_SHADOWED_SPEC',
  /** An output path is unusable: a file where a directory is needed, or a relative path escaping the working directory. */
  UnusableOutput: 'CONTRACTTOOL_CLI_UNUSABLE_OUTPUT',
} as const
export type CliErrorCode = (typeof CliErrorCode)[keyof typeof CliErrorCode]
