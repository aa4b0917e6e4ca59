import type { LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec, assertMethod, assertString } from './internal/arguments.js'
import { compareCodeUnits } from './internal/compare-code-units.js'

/**
 * The methods `template` declares, sorted by code unit: fixed methods upper case, 3.2
 * `additionalOperations` keys verbatim. Empty for an unknown template or a path item that declares
 * only shared fields such as `parameters`.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 * @example
 * definedMethods(spec, '/pets/{petId}') // ['DELETE', 'GET']
 */
export function definedMethods(spec: LoadedSpec, template: string): string[] {
  assertLoadedSpec('definedMethods', spec)
  assertString('definedMethods', 'the path template', template)
  return [...(spec.operationsByPath.get(template)?.keys() ?? [])].sort(compareCodeUnits)
}

/**
 * The diagnostic for a path that matched `template` but declares no operation for `method`:
 * `Method <method as given> not defined for path <template> in '<spec>' spec. Defined methods: <list or (none)>.`
 *
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 * @example
 * formatMethodNotDefined(spec, 'PATCH', '/pets/{petId}')
 * // "Method PATCH not defined for path /pets/{petId} in 'petstore' spec. Defined methods: DELETE, GET."
 */
export function formatMethodNotDefined(spec: LoadedSpec, method: string, template: string): string {
  assertMethod('formatMethodNotDefined', method)
  const methods = definedMethods(spec, template)
  const defined = methods.length === 0 ? '(none)' : methods.join(', ')
  return `Method ${method} not defined for path ${template} in '${spec.name}' spec. Defined methods: ${defined}.`
}
