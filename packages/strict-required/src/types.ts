/**
 * Public shapes of `@contracttool/strict-required`. Names and wire formats are part of the contract:
 * the state formats travel in sidecar envelopes between Vitest workers and `contracttool coverage:merge`.
 */

/**
 * Object keys observed in one response body, by pointer: `/` is the root object, `/data` a property,
 * `/items[*]` the element shape of an array, `[*]` the element shape of a root array. Keys are sorted and
 * unique; entries are sorted by pointer.
 */
export type ObservedPointers = ReadonlyMap<string, readonly string[]>

/** Run-level strict-required gate: `off` records only, `warn` reports and exits 0, `fail` reports and exits 1. */
export type StrictRequiredMode = 'off' | 'warn' | 'fail'

/** Per-call strict-required check. Warn-only by design: there is no `fail`. */
export type StrictRequiredPerCallMode = 'off' | 'warn'

/** Run-level strict-additional-properties gate. */
export type StrictAdditionalPropertiesMode = 'off' | 'warn' | 'fail'

/** Per-call strict-additional-properties check. Warn-only by design: there is no `fail`. */
export type StrictAdditionalPropertiesPerCallMode = 'off' | 'warn'

/** One (spec, endpoint, response) observation group of the strict-required state. */
export interface StrictRequiredStateRow {
  /** Number of successful responses observed, at least 1. */
  readonly hits: number
  /** Pointer → keys present in every observed response (sorted, unique). */
  readonly pointers: { readonly [pointer: string]: readonly string[] }
}

/**
 * Strict-required observations as written into a worker sidecar (format v2, per-pointer rows):
 * spec name → `"METHOD path"` → `"status:contentType"` → row.
 */
export interface StrictRequiredStateV2 {
  readonly version: 2
  readonly observations: {
    readonly [specName: string]: {
      readonly [endpoint: string]: { readonly [response: string]: StrictRequiredStateRow }
    }
  }
}

/** One observation group as the tracker holds it. */
export interface StrictRequiredObservation {
  readonly specName: string
  /** Method as tracked by coverage (`'GET'`; `additionalOperations` keys verbatim). */
  readonly method: string
  /** Path template as written in the spec. */
  readonly path: string
  /** Matched response key (`'200'`, `'4XX'`, `'default'`). */
  readonly statusKey: string
  /** Matched media-type key, `'*'` when the response declares no content. */
  readonly contentType: string
  readonly hits: number
  readonly pointers: ObservedPointers
}

/** One drifting schema node: keys every response carried that the node declares but does not require. */
export interface StrictRequiredReport {
  readonly specName: string
  readonly method: string
  readonly path: string
  readonly statusKey: string
  readonly contentType: string
  /** Pointer of the drifting node, for example `/` or `/items[*]`. */
  readonly pointer: string
  /** Responses observed for this (endpoint, response); always at least 2. */
  readonly hits: number
  /** Sorted keys declared in `properties`, present every time, missing from `required`. */
  readonly missingFromRequired: readonly string[]
}

/** What the run-level strict-required gate decided. */
export interface StrictRequiredOutcome {
  /** Drifting nodes, sorted by spec, method, path, status, content type, pointer. */
  readonly reports: readonly StrictRequiredReport[]
  /** `[OpenAPI Strict Required] NOTE: …` blocks for stderr (unresolved schemas, disjunctions); informational. */
  readonly notes: readonly string[]
  /** The diagnostic block for stderr, `''` when nothing drifted. */
  readonly message: string
  /** 1 only in `fail` mode with drift. */
  readonly exitCode: 0 | 1
  /** Markdown to append to `$GITHUB_STEP_SUMMARY`, `''` when nothing drifted. */
  readonly stepSummary: string
}

/** What a per-call check found for one response. */
export interface PerCallCheckResult {
  /** Text for `process.emitWarning(warning, 'ContractToolWarning')`; absent when nothing drifted. */
  readonly warning?: string
  /** NOTE lines for stderr that were not emitted before by this checker (deduplicated per checker). */
  readonly notes: readonly string[]
}

/** One undocumented property finding of the additional-properties state. */
export interface StrictAdditionalPropertiesStateRow {
  /** The undocumented property name (the last segment of the pointer). */
  readonly property: string
  /** Responses in which it was returned, at least 1. */
  readonly hits: number
}

/**
 * Strict-additional-properties findings as written into a worker sidecar (format v1):
 * spec name → `"METHOD path"` → `"status:contentType"` → instance pointer → row.
 */
export interface StrictAdditionalPropertiesStateV1 {
  readonly version: 1
  /** Successful responses inspected against a schema. */
  readonly evaluations: number
  readonly observations: {
    readonly [specName: string]: {
      readonly [endpoint: string]: {
        readonly [response: string]: { readonly [pointer: string]: StrictAdditionalPropertiesStateRow }
      }
    }
  }
}

/** One property a response returned that its schema does not declare. */
export interface StrictAdditionalPropertiesReport {
  readonly specName: string
  readonly method: string
  readonly path: string
  readonly statusKey: string
  readonly contentType: string
  /** Instance pointer of the property itself, for example `/items[*]/internal_score`. */
  readonly pointer: string
  readonly property: string
  readonly hits: number
}

/** What the run-level strict-additional-properties gate decided. */
export interface StrictAdditionalPropertiesOutcome {
  /** Findings, sorted by spec, method, path, status, content type, pointer. */
  readonly reports: readonly StrictAdditionalPropertiesReport[]
  /** The diagnostic block for stderr, `''` when nothing was found. */
  readonly message: string
  /** 1 only in `fail` mode with findings. */
  readonly exitCode: 0 | 1
  /** Markdown to append to `$GITHUB_STEP_SUMMARY`, `''` when nothing was found. */
  readonly stepSummary: string
}
