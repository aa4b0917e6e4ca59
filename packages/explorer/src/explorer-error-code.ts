/**
 * Every `code` a `ContractToolError` thrown by the explorer can carry. The README lists each one.
 *
 * `Ungeneratable` is the one code whole-spec exploration turns into a skip (the operation cannot be
 * explored, and the reason says why); every other code is a hard error.
 *
 * @example
 * if (isContractToolError(error) && error.code === ExplorerErrorCode.Ungeneratable) console.warn(error.message)
 */
export const ExplorerErrorCode = {
  InvalidOption: 'CONTRACTTOOL_EXPLORER_INVALID_OPTION',
  UnsupportedMethod: 'CONTRACTTOOL_EXPLORER_UNSUPPORTED_METHOD',
  PathNotFound: 'CONTRACTTOOL_EXPLORER_PATH_NOT_FOUND',
  OperationNotFound: 'CONTRACTTOOL_EXPLORER_OPERATION_NOT_FOUND',
  Ungeneratable: 'CONTRACTTOOL_EXPLORER_UNGENERATABLE',
  GeneratorDefect: 'CONTRACTTOOL_EXPLORER_GENERATOR_DEFECT',
  MalformedPaths: 'CONTRACTTOOL_EXPLORER_MALFORMED_PATHS',
  FiltersMatchedNothing: 'CONTRACTTOOL_EXPLORER_FILTERS_MATCHED_NOTHING',
  DispatcherMissing: 'CONTRACTTOOL_EXPLORER_DISPATCHER_MISSING',
  MutationNotACase: 'CONTRACTTOOL_EXPLORER_MUTATION_NOT_A_CASE',
  InvalidCredentials: 'CONTRACTTOOL_EXPLORER_INVALID_CREDENTIALS',
  ExplorationFailed: 'CONTRACTTOOL_EXPLORER_EXPLORATION_FAILED',
  RoundTripFailed: 'CONTRACTTOOL_EXPLORER_ROUND_TRIP_FAILED',
} as const
export type ExplorerErrorCode = (typeof ExplorerErrorCode)[keyof typeof ExplorerErrorCode]
