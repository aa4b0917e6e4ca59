import type { CoverageState } from '@contracttool/coverage'
import type { StrictAdditionalPropertiesStateV1, StrictRequiredStateV2 } from '@contracttool/strict-required'

// Apart from the runtime, so that the main process reads envelopes without loading what writes them (the
// runtime brings the validator and Ajv).

/** What a test file observed, carried to the main process in the file's task meta. */
export interface WorkerEnvelope {
  readonly version: 1
  readonly coverage: CoverageState
  readonly strictRequired: StrictRequiredStateV2
  readonly strictAdditionalProperties: StrictAdditionalPropertiesStateV1
}

/** Task meta key of the `WorkerEnvelope`. */
export const ENVELOPE_META_KEY = 'contracttool'
