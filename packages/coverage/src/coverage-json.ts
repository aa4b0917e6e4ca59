// The coverage JSON document, `schema_version: 3` (the format `stubs` and `coverage:gate` read).
// Additive fields keep the version; removals and renames bump it. JSON Schema:
// `@contracttool/coverage/schema/coverage-v3.schema.json`.

export const COVERAGE_JSON_SCHEMA_VERSION = 3

export interface CoverageJsonAggregates {
  readonly endpoint_total: number
  readonly endpoint_fully_covered: number
  readonly endpoint_partial: number
  readonly endpoint_uncovered: number
  readonly endpoint_request_only: number
  readonly response_total: number
  readonly response_covered: number
  /** Covered rows whose every check failed (part of `response_covered`). Absent in older documents. */
  readonly response_check_failed?: number
  readonly response_skipped: number
  readonly response_uncovered: number
}

export interface CoverageJsonSdkTotals {
  readonly response_total: number
  readonly response_exercised: number
  readonly response_unexercised: number
}

export interface CoverageJsonResponse {
  readonly status_key: string
  readonly content_type_key: string
  readonly response_state: 'validated' | 'skipped' | 'uncovered'
  readonly hits: number
  readonly skip_reason: string | null
  /** How many of the validated hits failed their check. Absent in older documents. */
  readonly failed_hits?: number
  /**
   * True when the row is `validated` and every check of it failed: exercised, but never seen to match the
   * spec. `coverage:gate` does not accept such a row. Absent in older documents (read as false).
   */
  readonly check_failed?: boolean
}

export interface CoverageJsonEndpoint {
  readonly endpoint: string
  readonly method: string
  readonly path: string
  readonly operation_id: string | null
  readonly endpoint_state: 'all-covered' | 'partial' | 'uncovered' | 'request-only'
  readonly request_reached: boolean
  readonly responses: readonly CoverageJsonResponse[]
  readonly covered_response_count: number
  /** Covered rows whose every check failed. Absent in older documents. */
  readonly check_failed_response_count?: number
  readonly skipped_response_count: number
  readonly total_response_count: number
  readonly unexpected_observations: readonly {
    readonly status_key: string
    readonly content_type_key: string
  }[]
}

export interface CoverageJsonSdkExercise extends CoverageJsonSdkTotals {
  readonly responses: readonly {
    readonly endpoint: string
    readonly method: string
    readonly path: string
    readonly operation_id: string | null
    readonly status_key: string
    readonly content_type_key: string
    readonly exercised: boolean
    readonly hits: number
  }[]
  readonly unexpected_observations: readonly {
    readonly endpoint: string
    readonly status_key: string
    readonly content_type_key: string
    readonly hits: number
  }[]
}

export interface CoverageJsonSpec {
  readonly aggregates: CoverageJsonAggregates
  readonly endpoints: readonly CoverageJsonEndpoint[]
  readonly sdk_exercise: CoverageJsonSdkExercise
}

export interface CoverageJsonDocument {
  readonly schema_version: 3
  /** ISO-8601 with seconds precision and a numeric offset: `2026-05-11T12:34:56+00:00`. */
  readonly generated_at: string
  readonly tool: { readonly name: string; readonly version: string }
  readonly aggregate: CoverageJsonAggregates & { readonly sdk_exercise: CoverageJsonSdkTotals }
  readonly specs: { readonly [specName: string]: CoverageJsonSpec }
  /**
   * What mocked responses (`@contracttool/msw`) covered, in the shape of `aggregate` and `specs`: present
   * only when mocks answered, never counted in `aggregate` or by thresholds.
   */
  readonly mock_coverage?: {
    readonly aggregate: CoverageJsonAggregates
    readonly specs: { readonly [specName: string]: CoverageJsonSpec }
  }
}
