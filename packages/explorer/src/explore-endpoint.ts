import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ExploredCase } from './explored-case.js'
import {
  assertLoadedSpec,
  readCount,
  readSeed,
  readStatusClasses,
  readStringList,
} from './internal/arguments.js'
import { CaseBuilder } from './internal/build-cases.js'
import { withCodedErrors } from './internal/coded.js'
import { planOperation } from './internal/plan-operation.js'
import { resolveOperation } from './internal/resolve-operation.js'
import { SelfValidator } from './internal/self-validator.js'

export interface ExploreEndpointOptions {
  /** How many cases (default 30). Case `i` is the same whatever the count. */
  readonly cases?: number
  /** Seed of the generator (default 0): the same seed gives the same cases. */
  readonly seed?: number
  /** Prefixes removed from a concrete `path` before matching (the first that matches). */
  readonly stripPrefixes?: readonly string[]
  /**
   * Generate path parameters only (no body, query, headers or cookies): for probes that need a
   * concrete URI, so an ungeneratable body or header does not block them.
   */
  readonly pathParametersOnly?: boolean
}

export interface ExploreInvalidEndpointOptions extends Omit<ExploreEndpointOptions, 'pathParametersOnly'> {
  /** The status classes the API should answer invalid cases with, for example `[4]`. */
  readonly expectedStatusClasses: readonly number[]
}

/**
 * Generates valid requests for one documented operation. `path` is the template
 * (`/pets/{petId}`) or a concrete URI (`/api/pets/7`, matched with `stripPrefixes`). Every value is
 * validated against its schema by the runtime validator before it is used.
 *
 * Throws a `ContractToolError`: `CONTRACTTOOL_EXPLORER_UNGENERATABLE` when an input that must be
 * sent cannot be generated (the message says which and why), `..._UNSUPPORTED_METHOD`,
 * `..._PATH_NOT_FOUND`, `..._OPERATION_NOT_FOUND`, `..._INVALID_OPTION`, `..._GENERATOR_DEFECT`.
 *
 * @example
 * const cases = exploreEndpoint(spec, 'POST', '/pets', { cases: 5, seed: 42 })
 * for (const c of cases) await request(app).post(c.uri()).set(c.headers).send(c.body ?? undefined)
 */
export function exploreEndpoint(
  spec: LoadedSpec,
  method: string,
  path: string,
  options: ExploreEndpointOptions = {},
): ExploredCase[] {
  assertLoadedSpec('exploreEndpoint', spec)
  const cases = readCount('exploreEndpoint', 'cases', options.cases, 30)
  const seed = readSeed('exploreEndpoint', options.seed)
  const stripPrefixes = readStringList('exploreEndpoint', 'stripPrefixes', options.stripPrefixes)
  const resolved = resolveOperation(spec, method, path, stripPrefixes)
  return withCodedErrors(spec.name, () => {
    const plan = planOperation(spec.name, resolved.operation, resolved.method, {
      pathParametersOnly: options.pathParametersOnly === true,
    })
    const builder = new CaseBuilder(spec, new SelfValidator(spec), plan, seed)
    return Array.from({ length: cases }, (_, index) => builder.validCase(index))
  })
}

/**
 * Generates requests that each break exactly one schema keyword of one input (a required body or
 * parameter removed, a string too short, a value outside an enum, an unexpected property …),
 * rotating over every target by case index. Each case names its `targetKeyword` and
 * `targetPointer` (`body/name`, `body`, `query`, `header` …) and carries `expectedStatusClasses`.
 * Every mutation is confirmed invalid by the runtime validator.
 *
 * @example
 * for (const c of exploreInvalidEndpoint(spec, 'POST', '/pets', { expectedStatusClasses: [4], cases: 10 })) {
 *   const res = await request(app).post(c.uri()).send(c.body ?? undefined)
 *   expect(c.expectedStatusClasses).toContain(Math.floor(res.status / 100))
 * }
 */
export function exploreInvalidEndpoint(
  spec: LoadedSpec,
  method: string,
  path: string,
  options: ExploreInvalidEndpointOptions,
): ExploredCase[] {
  assertLoadedSpec('exploreInvalidEndpoint', spec)
  const classes = readStatusClasses('exploreInvalidEndpoint()', options?.expectedStatusClasses)
  const cases = readCount('exploreInvalidEndpoint', 'cases', options.cases, 30)
  const seed = readSeed('exploreInvalidEndpoint', options.seed)
  const stripPrefixes = readStringList('exploreInvalidEndpoint', 'stripPrefixes', options.stripPrefixes)
  const resolved = resolveOperation(spec, method, path, stripPrefixes)
  return withCodedErrors(spec.name, () => {
    const plan = planOperation(spec.name, resolved.operation, resolved.method)
    const builder = new CaseBuilder(spec, new SelfValidator(spec), plan, seed)
    return Array.from({ length: cases }, (_, index) => builder.invalidCase(index, classes))
  })
}
