import { CoverageTracker } from './coverage-tracker.js'
import { parseSidecarPayload, type SidecarEnvelope } from './sidecar-envelope.js'

export interface MergedSidecars {
  /** A fresh tracker holding the coverage and SDK exercise observations of every envelope. */
  readonly tracker: CoverageTracker
  /** A fresh tracker holding the `mockCoverage` halves: what mocks answered, never counted toward gates. */
  readonly mockTracker: CoverageTracker
  /** The `strictRequired` halves present, in envelope order, for `@contracttool/strict-required` to merge. */
  readonly strictRequiredStates: readonly unknown[]
  /** The `strictAdditionalProperties` halves present, in envelope order. */
  readonly strictAdditionalPropertiesStates: readonly unknown[]
  /** The `runOptions` halves present, with the token of the sidecar each came from, in envelope order. */
  readonly runOptionsStates: readonly { readonly token: string; readonly state: unknown }[]
  readonly sidecarCount: number
  /** Envelopes without SDK exercise state (pass to `evaluateThresholds` as `sidecarsWithoutSdkExercise`). */
  readonly sidecarsWithoutSdkExercise: number
}

/**
 * Merges sidecar envelopes with the live recording rules (hits add, validated wins, latest skip reason).
 * Every envelope is validated before anything is merged: one bad envelope leaves nothing half-merged.
 *
 * @example
 * const { tracker, strictRequiredStates } = mergeSidecars(readSidecars(dir).envelopes)
 * const result = computeCoverage(specs, tracker)
 */
export function mergeSidecars(envelopes: readonly SidecarEnvelope[]): MergedSidecars {
  const validated = envelopes.map((envelope, index) =>
    parseSidecarPayload(envelope, `envelope #${index + 1} (token ${envelope?.writer?.token ?? '?'})`),
  )
  const tracker = new CoverageTracker()
  const mockTracker = new CoverageTracker()
  const strictRequiredStates: unknown[] = []
  const strictAdditionalPropertiesStates: unknown[] = []
  const runOptionsStates: { token: string; state: unknown }[] = []
  let sidecarsWithoutSdkExercise = 0
  for (const envelope of validated) {
    tracker.mergeState(envelope.coverage)
    if (envelope.mockCoverage !== undefined) mockTracker.mergeState(envelope.mockCoverage)
    if (envelope.sdkExercise === undefined) sidecarsWithoutSdkExercise++
    else tracker.mergeSdkExerciseState(envelope.sdkExercise)
    if (envelope.strictRequired !== undefined) strictRequiredStates.push(envelope.strictRequired)
    if (envelope.strictAdditionalProperties !== undefined) {
      strictAdditionalPropertiesStates.push(envelope.strictAdditionalProperties)
    }
    if (envelope.runOptions !== undefined) {
      runOptionsStates.push({ token: envelope.writer.token, state: envelope.runOptions })
    }
  }
  return {
    tracker,
    mockTracker,
    strictRequiredStates,
    strictAdditionalPropertiesStates,
    runOptionsStates,
    sidecarCount: validated.length,
    sidecarsWithoutSdkExercise,
  }
}
