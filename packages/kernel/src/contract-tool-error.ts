const BRAND = Symbol.for('contracttool.error')

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
 * throw new ContractToolError('CONTRACTTOOL_INVALID_OPTION', 'remoteRefs: maxBytes must be a positive integer, received 0.')
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
 * try { run() } catch (error) { if (isContractToolError(error)) console.error(error.code) }
 */
export function isContractToolError(value: unknown): value is ContractToolError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
}
