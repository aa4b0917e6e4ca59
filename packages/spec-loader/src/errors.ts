/**
 * Every code a `ContractToolError` thrown by the spec loader can carry. Each one is explained in the
 * package README (`## Error codes`); a test keeps both lists equal.
 *
 * @example
 * if (isContractToolError(error) && error.code === SpecErrorCode.SpecNotFound) console.warn(error.message)
 */
export const SpecErrorCode = {
  SpecNotFound: 'CONTRACTTOOL_SPEC_NOT_FOUND',
  SpecUnreadable: 'CONTRACTTOOL_SPEC_UNREADABLE',
  BasePathNotConfigured: 'CONTRACTTOOL_BASE_PATH_NOT_CONFIGURED',
  UnsupportedExtension: 'CONTRACTTOOL_SPEC_UNSUPPORTED_EXTENSION',
  MalformedJson: 'CONTRACTTOOL_SPEC_MALFORMED_JSON',
  MalformedYaml: 'CONTRACTTOOL_SPEC_MALFORMED_YAML',
  NonMappingRoot: 'CONTRACTTOOL_SPEC_NON_MAPPING_ROOT',
  UnsupportedVersion: 'CONTRACTTOOL_SPEC_UNSUPPORTED_VERSION',
  UnsupportedDialect: 'CONTRACTTOOL_SPEC_UNSUPPORTED_DIALECT',
  ReservedMember: 'CONTRACTTOOL_SPEC_RESERVED_MEMBER',
  RefEmpty: 'CONTRACTTOOL_REF_EMPTY',
  RefNonString: 'CONTRACTTOOL_REF_NON_STRING',
  RefBareFragment: 'CONTRACTTOOL_REF_BARE_FRAGMENT',
  RefRootPointer: 'CONTRACTTOOL_REF_ROOT_POINTER',
  RefNotFound: 'CONTRACTTOOL_REF_NOT_FOUND',
  RefNonObjectTarget: 'CONTRACTTOOL_REF_NON_OBJECT_TARGET',
  RefCircular: 'CONTRACTTOOL_REF_CIRCULAR',
  RefFileNotFound: 'CONTRACTTOOL_REF_FILE_NOT_FOUND',
  RefOutsideRoot: 'CONTRACTTOOL_REF_OUTSIDE_ROOT',
  RefFileUnreadable: 'CONTRACTTOOL_REF_FILE_UNREADABLE',
  RefRequiresSourceFile: 'CONTRACTTOOL_REF_REQUIRES_SOURCE_FILE',
  RefFileScheme: 'CONTRACTTOOL_REF_FILE_SCHEME',
  RefRemoteDisallowed: 'CONTRACTTOOL_REF_REMOTE_DISALLOWED',
  RefRemoteHostDisallowed: 'CONTRACTTOOL_REF_REMOTE_HOST_DISALLOWED',
  RefRemoteFetchFailed: 'CONTRACTTOOL_REF_REMOTE_FETCH_FAILED',
  RefRemoteTooLarge: 'CONTRACTTOOL_REF_REMOTE_TOO_LARGE',
  InvalidOption: 'CONTRACTTOOL_INVALID_OPTION',
  ConfigFileInvalid: 'CONTRACTTOOL_CONFIG_FILE_INVALID',
} as const
export type SpecErrorCode = (typeof SpecErrorCode)[keyof typeof SpecErrorCode]
