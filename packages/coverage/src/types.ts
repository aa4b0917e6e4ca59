// Shapes of recorded coverage (what workers exchange) and of computed coverage (what renderers read).

/** `*` as a content-type key: any content type, or a response without `content`. */
export const ANY_CONTENT_TYPE = '*'

/** Resolved state of one documented (status, content type) pair. */
export type ResponseState = 'validated' | 'skipped' | 'uncovered'

/** State of a recording: a validation that ran (pass or fail) or one that was skipped. */
export type RecordedResponseState = 'validated' | 'skipped'

/** Resolved state of an endpoint. `⚠ skipped` exists only on response rows, never on endpoints. */
export type EndpointState = 'all-covered' | 'partial' | 'uncovered' | 'request-only'

/** Console report modes. */
export const CONSOLE_MODES = ['default', 'all', 'uncovered_only', 'active_only'] as const
export type ConsoleMode = (typeof CONSOLE_MODES)[number]

/** One recorded (status, content type) pair of an endpoint. */
export interface RecordedResponse {
  readonly state: RecordedResponseState
  /** Number of recordings folded into this entry (always >= 1). */
  readonly hits: number
  /** Latest non-null skip reason; always null once validated. */
  readonly skipReason: string | null
  /**
   * Validated hits whose check passed, and whose check failed. Written only when a check failed; when absent
   * (sidecars of passing runs and of older workers), every validated hit passed.
   */
  readonly passedHits?: number
  readonly failedHits?: number
}

/** Everything recorded for one endpoint (`"<METHOD> <path template>"`). */
export interface RecordedEndpoint {
  /** True once request validation reached this endpoint. */
  readonly requestReached: boolean
  /** Why the latest request validation was skipped; null once a request was validated cleanly. */
  readonly requestSkipReason: string | null
  /** Keyed `"<statusKey>:<contentTypeKey>"`, content type `*` for any/no content. */
  readonly responses: { readonly [responseKey: string]: RecordedResponse }
}

/**
 * The recorded coverage of one process, as plain JSON: the `coverage` half of a sidecar envelope.
 * `version` is bumped on incompatible changes; readers reject versions they do not know.
 */
export interface CoverageState {
  readonly version: 1
  /** spec name → endpoint key (`"GET /pets/{petId}"`) → recording. */
  readonly specs: { readonly [specName: string]: { readonly [endpointKey: string]: RecordedEndpoint } }
}

/** SDK decoder exercise observations: spec → endpoint → status key → content-type key → hits. */
export interface SdkExerciseState {
  readonly version: 1
  readonly observations: {
    readonly [specName: string]: {
      readonly [endpointKey: string]: {
        readonly [statusKey: string]: { readonly [contentTypeKey: string]: number }
      }
    }
  }
}

/** One documented (status, content type) row of an endpoint after reconciliation. */
export interface CoverageResponseRow {
  /** The response key as written in the spec: `'200'`, `'4XX'`, `'default'`. */
  readonly statusKey: string
  /** The media-type key as written in the spec, or `*` for a response without content. */
  readonly contentTypeKey: string
  readonly state: ResponseState
  /** Hits of validated recordings (once validated), else of skipped recordings, else 0. */
  readonly hits: number
  readonly skipReason: string | null
  /** How many of the validated hits failed their check; 0 unless validated. */
  readonly failedHits: number
  /**
   * True when the row was validated and every check of it failed: exercised (it counts as covered), but no
   * test saw it match the spec.
   */
  readonly isCheckFailed: boolean
}

/** A recording that matched no documented row (status or content type not in the spec). */
export interface UnexpectedObservation {
  readonly statusKey: string
  readonly contentTypeKey: string
}

/** Coverage of one documented operation. */
export interface EndpointCoverage {
  /** `"<METHOD> <path>"`. */
  readonly endpoint: string
  readonly method: string
  readonly path: string
  readonly operationId: string | null
  readonly state: EndpointState
  readonly requestReached: boolean
  readonly requestSkipReason: string | null
  /** Sorted by status key, then content type case-insensitively with `*` last. */
  readonly responses: readonly CoverageResponseRow[]
  readonly coveredResponseCount: number
  /** Covered rows whose every check failed (`isCheckFailed`); part of `coveredResponseCount`. */
  readonly checkFailedResponseCount: number
  readonly skippedResponseCount: number
  readonly totalResponseCount: number
  /** Sorted by status key, then content type. */
  readonly unexpectedObservations: readonly UnexpectedObservation[]
}

/** Counts over endpoints and response rows. */
export interface CoverageTotals {
  readonly endpointTotal: number
  readonly endpointFullyCovered: number
  readonly endpointPartial: number
  readonly endpointUncovered: number
  readonly endpointRequestOnly: number
  readonly responseTotal: number
  readonly responseCovered: number
  /** Covered rows whose every check failed; part of `responseCovered`. */
  readonly responseCheckFailed: number
  readonly responseSkipped: number
  readonly responseUncovered: number
}

/** One SDK-eligible response schema (the SDK exercise denominator). */
export interface SdkExerciseRow {
  readonly endpoint: string
  readonly method: string
  readonly path: string
  readonly operationId: string | null
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly exercised: boolean
  readonly hits: number
}

/** An SDK exercise observation that matches no eligible response schema of the live spec. */
export interface SdkExerciseUnexpected {
  readonly endpoint: string
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly hits: number
}

/** Totals of the SDK exercise metric. */
export interface SdkExerciseTotals {
  readonly responseTotal: number
  readonly responseExercised: number
  readonly responseUnexercised: number
}

/** SDK exercise coverage of one spec. */
export interface SdkExerciseCoverage extends SdkExerciseTotals {
  /** Sorted by endpoint, status key, content type. */
  readonly responses: readonly SdkExerciseRow[]
  readonly unexpectedObservations: readonly SdkExerciseUnexpected[]
}

/** Coverage of one spec. */
export interface SpecCoverage {
  readonly name: string
  readonly totals: CoverageTotals
  /** Sorted by `"METHOD path"`. */
  readonly endpoints: readonly EndpointCoverage[]
  readonly sdkExercise: SdkExerciseCoverage
  /** True when a test validated or skipped a response, reached a request, or exercised an SDK decoder. */
  readonly hasActivity: boolean
}

/** The one result model every renderer and gate reads. */
export interface CoverageResult {
  /** In the order the specs were given. */
  readonly specs: readonly SpecCoverage[]
  /** Sums over every spec. */
  readonly totals: CoverageTotals
  readonly sdkExerciseTotals: SdkExerciseTotals
  /** True when anything was recorded for one of the specs. Renderers return `''` when false. */
  readonly hasObservations: boolean
  /** True when the SDK exercise metric is reported (SDK observations exist or it was requested). */
  readonly sdkExerciseEnabled: boolean
  /**
   * Spec problems that shrink the declared set, one line each, for example
   * `[OpenAPI Coverage] spec 'petstore': response GET /pets 200 is not an object (got string); omitted from coverage`.
   * `renderConsole` prints them after the report.
   */
  readonly warnings: readonly string[]
  /**
   * Observations left out of the report, one `[OpenAPI Coverage] NOTE:` line each: endpoints a spec no longer
   * declares, specs not among those reported. `renderConsole` prints them, even when nothing else is reported.
   */
  readonly notes: readonly string[]
}
