const BRAND = Symbol.for('contracttool.error')

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

export interface ContractToolErrorDetails {
  readonly specName?: string | undefined
  readonly file?: string | undefined
  readonly ref?: string | undefined
  readonly cause?: unknown
}

/**
 * Base class of every error contracttool throws for misuse or I/O. `code` is stable and documented;
 * `isContractToolError()` recognises instances across duplicate copies of the package.
 *
 * @example
 * throw new ContractToolError(SpecErrorCode.InvalidOption, 'remoteRefs: maxBytes must be a positive integer, received 0.')
 */
export class ContractToolError extends Error {
  override readonly name: string = 'ContractToolError'
  readonly code: string
  readonly specName: string | undefined
  readonly file: string | undefined
  readonly ref: string | undefined

  constructor(code: string, message: string, details: ContractToolErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.specName = details.specName
    this.file = details.file
    this.ref = details.ref
    Object.defineProperty(this, BRAND, { value: true })
  }
}
// `error instanceof ContractToolError` holds for errors of every copy of the package, as
// `isContractToolError()` does: a test file and the Vitest plugin's worker code load different copies.
recognizeEveryCopy(ContractToolError, BRAND)

/**
 * Makes `value instanceof errorClass` true for every object carrying `brand` (which the constructor of each
 * copy of a package sets), so errors thrown by another copy of the package are recognised; subclasses keep
 * the ordinary prototype check. Set on the class after its declaration, not as a static method: TypeScript's
 * per-file declaration emit writes static members with computed names twice.
 *
 * @example
 * const BRAND = Symbol.for('my-package.error')
 * class MyError extends ContractToolError { constructor(...) { super(...); Object.defineProperty(this, BRAND, { value: true }) } }
 * recognizeEveryCopy(MyError, BRAND)
 */
export function recognizeEveryCopy(
  errorClass: abstract new (...args: never[]) => Error,
  brand: symbol,
): void {
  Object.defineProperty(errorClass, Symbol.hasInstance, {
    configurable: true,
    writable: true,
    value(this: unknown, value: unknown): boolean {
      if (this !== errorClass) return Function.prototype[Symbol.hasInstance].call(this, value)
      return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true
    },
  })
}

/**
 * True for errors thrown by any copy of any contracttool package.
 *
 * @example
 * try { loadSpecSync('petstore', { basePath }) } catch (error) { if (isContractToolError(error)) console.error(error.code) }
 */
export function isContractToolError(value: unknown): value is ContractToolError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
}
