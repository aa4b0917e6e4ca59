import { SpecErrorCode } from '@contracttool/spec-loader'

/**
 * Every `code` a `ContractToolError` thrown by `@contracttool/validator` can carry. Contract violations
 * are never thrown: they are `Violation`s on the result. Listed in the README under "Error codes"; a
 * test keeps the two in sync.
 */
export const ValidatorErrorCode = {
  /** A function received an argument of the wrong shape (a spec that is not a `LoadedSpec`, a status that is not an integer). */
  InvalidArgument: 'CONTRACTTOOL_INVALID_ARGUMENT',
  /** An option is malformed: negative `maxErrors`, an empty or invalid `skipResponseCodes` pattern, a non-list `stripPrefixes`. */
  InvalidOption: SpecErrorCode.InvalidOption as typeof SpecErrorCode.InvalidOption,
  /** `readEffectiveSecurity` met a security declaration it cannot read (never taken as "no authentication"). */
  MalformedSecurity: 'CONTRACTTOOL_MALFORMED_SECURITY',
  /** `compileSchemaValidator` met a schema that cannot be compiled (a discriminator mapping to nothing, an empty `propertyName`). */
  MalformedSchema: 'CONTRACTTOOL_MALFORMED_SCHEMA',
} as const
export type ValidatorErrorCode = (typeof ValidatorErrorCode)[keyof typeof ValidatorErrorCode]
