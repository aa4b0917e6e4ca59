import { ERROR_BRAND as BRAND } from './global-slots.js'

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

/** The error class of a package, made by `errorClass()`: a `ContractToolError` whose `code` is one of `Code`. */
export interface ErrorClass<Code extends string> {
  new (
    code: Code,
    message: string,
    details?: ContractToolErrorDetails,
  ): ContractToolError & { readonly code: Code }
  readonly prototype: ContractToolError
}

/**
 * The error class of a package: a `ContractToolError` named `name`, whose `code` is one of `Code`, and that
 * `instanceof` recognises across every copy of the package (ESM, CommonJS, bundled in a runner's worker
 * code) through the `Symbol.for('contracttool.<brand>.error')` each instance carries.
 *
 * @example
 * export const ContractRunError: ErrorClass<HarnessErrorCode> = errorClass('ContractRunError', 'harness')
 * export type ContractRunError = InstanceType<typeof ContractRunError>
 */
export function errorClass<Code extends string>(name: string, brand: string): ErrorClass<Code> {
  const mark = Symbol.for(`contracttool.${brand}.error`)
  const PackageError = class extends ContractToolError {
    override readonly name: string = name
    declare readonly code: Code
    constructor(code: Code, message: string, details: ContractToolErrorDetails = {}) {
      super(code, message, details)
      Object.defineProperty(this, mark, { value: true })
    }
  }
  Object.defineProperty(PackageError, 'name', { value: name })
  recognizeEveryCopy(PackageError, mark)
  return PackageError
}

// `value instanceof errorClass` is true for every object carrying `brand` (which the constructor of each copy
// of a package sets); subclasses keep the ordinary prototype check. Set on the class after its declaration,
// not as a static method: TypeScript's per-file declaration emit writes static members with computed names
// twice.
function recognizeEveryCopy(errorClass: abstract new (...args: never[]) => Error, brand: symbol): void {
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
