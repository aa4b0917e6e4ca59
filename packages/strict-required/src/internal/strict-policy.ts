import type { JsonObject } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ObservationKeys } from './observation-keys.js'

/** One (spec, `"METHOD path"`, `"status:contentType"`) row of a state, as read before merging. */
export interface StateRow<Group> {
  readonly specName: string
  readonly endpoint: string
  readonly response: string
  readonly group: Group
}

/** A whole state, validated: how many responses it observed and its rows. */
export interface ParsedState<Group> {
  readonly evaluations: number
  readonly rows: readonly StateRow<Group>[]
}

/** The response a per-call check looks at, and where its messages say it is. */
export interface CheckedResponse {
  readonly spec: LoadedSpec
  readonly keys: ObservationKeys
  // `GET /x (200/application/json in spec 'api')`
  readonly where: string
}

/** Returns `text` the first time `key` is given, undefined afterwards. */
export type NoteOnce = (key: string, text: string) => string | undefined

/**
 * What tells the two strict checks apart ("required" and "additional properties"). The tracker, the state
 * tree, the per-call checker, the mode parser and the run-level gate are shared and ask the policy for the rest.
 * `Group` is what one (spec, endpoint, response) accumulates; `Analysis` is what a response schema is read
 * into, once per (spec, endpoint, response).
 */
export interface StrictPolicy<Group, Analysis, State> {
  /** `strict_required`: how state errors name the check. */
  readonly stateName: string
  /** `[OpenAPI Strict Required]` */
  readonly prefix: string
  /** `[OpenAPI Strict Required per-call]` */
  readonly perCallPrefix: string
  /** What a per-call NOTE says is skipped (`drift detection`). */
  readonly perCallSubject: string
  /** Why a per-call mode rejects `fail`, naming the setting as `source` spells it. */
  perCallFailRejection(source: string): string

  /** Reads a response schema once for every later observation and check of that response. */
  analyse(spec: LoadedSpec, schema: JsonObject): Analysis
  /** One response as a group, or undefined when it is not an observation (`analysis` resolves the schema). */
  observe(body: unknown, analysis: () => Analysis | undefined): Group | undefined
  /** False for a group that leaves no row in the state (a response with nothing to report). */
  hasRow(group: Group): boolean
  /** Adds `incoming` into `group`. */
  merge(group: Group, incoming: Group): void
  /** Where merging would push a count past `Number.MAX_SAFE_INTEGER` (`''` or ` / <pointer>`); undefined when it would not. */
  overflowAt(group: Group, incoming: Group): string | undefined

  /** The JSON-safe row of a group. */
  writeRow(group: Group): unknown
  /** The state of a tracker, in this check's wire format. */
  writeState(evaluations: number, observations: Record<string, unknown>): State
  /** Validates a whole state before anything is merged; throws a coded `ContractToolError`. */
  readState(state: unknown): ParsedState<Group>

  /** The per-call warning for one successful response, and the NOTEs it raised. */
  checkResponse(
    analysis: Analysis,
    response: CheckedResponse,
    body: object,
    noteOnce: NoteOnce,
  ): { readonly warning?: string; readonly notes: readonly string[] }
}

/** How the run-level gate of a policy reads its tracker and renders what it found. */
export interface RunGate<Tracker, Report> {
  /** `evaluateStrictRequired`: how argument errors name the function. */
  readonly caller: string
  /** `StrictRequiredTracker` */
  readonly trackerName: string
  /** Duck-typed rather than `instanceof`: the ESM and CJS builds of this package are distinct classes. */
  isTracker(value: unknown): value is Tracker
  /** The drifting findings, confirmed against the live specs, and NOTEs about what could not be checked. */
  findReports(
    tracker: Tracker,
    specs: ReadonlyMap<string, LoadedSpec>,
  ): { readonly reports: readonly Report[]; readonly notes: readonly string[] }
  /** The diagnostic block for stderr. */
  renderMessage(reports: readonly Report[], isFatal: boolean, options: GateOptions): string
  /** Heading and lead line of the step summary, when the gate fails the run and when it only warns. */
  readonly summary: { readonly fatal: readonly [string, string]; readonly warn: readonly [string, string] }
}

/** Options every run-level gate accepts. */
export interface GateOptions {
  readonly configurationHint?: string
  readonly offSetting?: string
}
