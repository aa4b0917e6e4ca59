import { ContractToolError } from '@contracttool/kernel'
import { jsonTypeOf } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'

// Specs by name, from either a name → spec map or a list (a name listed twice is ambiguous: rejected).
export function indexSpecs(
  specs: ReadonlyMap<string, LoadedSpec> | readonly LoadedSpec[],
  caller: string,
): ReadonlyMap<string, LoadedSpec> {
  if (specs instanceof Map) return specs
  if (!Array.isArray(specs)) {
    throw new ContractToolError(
      StrictRequiredErrorCode.InvalidArgument,
      `${caller}() expects the specs as a Map of name to LoadedSpec or an array of LoadedSpec; received ${jsonTypeOf(specs)}.`,
    )
  }
  const byName = new Map<string, LoadedSpec>()
  for (const spec of specs as readonly LoadedSpec[]) {
    if (typeof spec !== 'object' || spec === null || typeof spec.name !== 'string') {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        `${caller}() expects every entry of the specs array to be a LoadedSpec; received ${jsonTypeOf(spec)}.`,
      )
    }
    if (byName.has(spec.name)) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        `${caller}() received two specs named '${spec.name}'; spec names must be unique.`,
        { specName: spec.name },
      )
    }
    byName.set(spec.name, spec)
  }
  return byName
}
