import { CoverageTracker } from '@contracttool/coverage'
import type { CoverageState } from '@contracttool/coverage/internal'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from '@contracttool/strict-required'
import type {
  StrictAdditionalPropertiesStateV1,
  StrictRequiredStateV2,
} from '@contracttool/strict-required/internal'

/**
 * What one recorder observed (a test file, a worker, a custom harness), as plain JSON-safe state: how a
 * runner carries observations from where tests run to where the run finishes (Vitest: the file's task meta).
 */
export interface RunEnvelope {
  readonly version: 1
  readonly coverage: CoverageState
  readonly strictRequired: StrictRequiredStateV2
  readonly strictAdditionalProperties: StrictAdditionalPropertiesStateV1
  /** What mocks answered (`@contracttool/msw`), when any did: kept apart from `coverage`. */
  readonly mockCoverage?: CoverageState
}

/** Everything a run observed, merged: what `finishRun()` reports on. */
export interface RunObservations {
  readonly coverage: CoverageTracker
  readonly strictRequired: StrictRequiredTracker
  readonly additional: StrictAdditionalPropertiesTracker
  /**
   * Responses mocks answered, checked against the spec: reported apart, never counted toward gates. Left
   * out: no mock coverage is reported.
   */
  readonly mockCoverage?: CoverageTracker
}

/** Fresh, empty observations. */
export function emptyObservations(): Required<RunObservations> {
  return {
    coverage: new CoverageTracker(),
    strictRequired: new StrictRequiredTracker(),
    additional: new StrictAdditionalPropertiesTracker(),
    mockCoverage: new CoverageTracker(),
  }
}

/**
 * Merges the envelopes of every recorder of a run into one set of observations.
 *
 * @example
 * const observations = mergeEnvelopes(testFiles.map((file) => file.envelope))
 */
export function mergeEnvelopes(envelopes: readonly RunEnvelope[]): Required<RunObservations> {
  const observed = emptyObservations()
  for (const envelope of envelopes) {
    observed.coverage.mergeState(envelope.coverage)
    observed.strictRequired.mergeState(envelope.strictRequired)
    observed.additional.mergeState(envelope.strictAdditionalProperties)
    if (envelope.mockCoverage !== undefined) observed.mockCoverage.mergeState(envelope.mockCoverage)
  }
  return observed
}
