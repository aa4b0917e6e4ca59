import { ContractToolError, ENFORCED_FORMATS } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { getSpecState } from './internal/spec-state.js'
import type { CustomFormats } from './types.js'
import { ValidatorErrorCode } from './validator-error-code.js'

/**
 * Makes the validator check the schema `format`s `formats` names (which it would otherwise let pass
 * unchecked) for every later validation against `spec`. A name the validator already checks cannot be
 * redefined. Calling it again with other formats replaces them.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#data-types
 * @example
 * useFormats(spec, { timestamp: /^\d{10}$/, 'repo.nwo': (value) => value.split('/').length === 2 })
 */
export function useFormats(spec: LoadedSpec, formats: CustomFormats): void {
  for (const [name, check] of Object.entries(formats)) {
    if ((ENFORCED_FORMATS as readonly string[]).includes(name)) {
      throw new ContractToolError(
        ValidatorErrorCode.InvalidOption,
        `formats: '${name}' is a format the validator already checks; it cannot be redefined.`,
      )
    }
    if (!(check instanceof RegExp) && typeof check !== 'function') {
      throw new ContractToolError(
        ValidatorErrorCode.InvalidOption,
        `formats: '${name}' must be a RegExp or a function (value: string) => boolean, got ${typeof check}.`,
      )
    }
  }
  getSpecState(spec).setFormats(formats)
}
