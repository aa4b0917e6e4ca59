import type { LoadedSpec } from '@contracttool/spec-loader'
import { ContractCheckPlan, type ContractChecksOptions } from './contract-check-plan.js'

/**
 * Entry point of the named contract checks (`ignored_auth`, `missing_required_header`,
 * `unsupported_method`): probes for protocol-level contract holes schema validation cannot see.
 *
 * @example
 * const report = await OpenApiContractChecks.run('petstore', { seed: 42, basePath: 'openapi' })
 *   .checks([ContractCheck.IgnoredAuth, ContractCheck.MissingRequiredHeader, ContractCheck.UnsupportedMethod])
 *   .dispatchUsing(dispatch)
 *   .report()
 * expect(report.describeFailures()).toBe('')
 */
export const OpenApiContractChecks = {
  /** Starts a plan for a spec (a name, loaded with `basePath` or `registry`, or a `LoadedSpec`). */
  run(spec: string | LoadedSpec, options: ContractChecksOptions): ContractCheckPlan {
    return new ContractCheckPlan(spec, options)
  },
} as const
