import { ContractToolError } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'

// `(spec, result)` of a call that reads the response schema: both objects, the result validated against that spec.
export function assertCheckArguments(caller: string, spec: LoadedSpec, result: ValidationResult): void {
  if (typeof spec !== 'object' || spec === null || typeof result !== 'object' || result === null) {
    throw new ContractToolError(
      StrictRequiredErrorCode.InvalidArgument,
      `${caller} expects (LoadedSpec, ValidationResult, body).`,
    )
  }
  if (result.specName !== spec.name) {
    throw new ContractToolError(
      StrictRequiredErrorCode.InvalidArgument,
      `${caller} received a result validated against spec '${result.specName}' with spec '${spec.name}'.`,
      { specName: spec.name },
    )
  }
}
