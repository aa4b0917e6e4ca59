import type { ValidationResult } from '@contracttool/validator'
import { CoverageError, CoverageErrorCode } from './errors.js'
import {
  addSdkHits,
  applyRequest,
  applyResponse,
  type CoverageStore,
  endpointEntry,
  type SdkStore,
  setOwn,
  validateCoverageState,
  validateSdkExerciseState,
} from './internal/coverage-state.js'
import { endpointKey, isUntrackedMethod, responseKey } from './internal/keys.js'
import type { CoverageState, RecordedEndpoint, RecordedResponse, SdkExerciseState } from './types.js'

/**
 * Records which documented responses a test run exercised. One instance per run (or per worker); state is
 * exchanged between processes as plain JSON with `toState()` / `mergeState()`.
 *
 * Promotion rules (the same for live recording and merging): hits accumulate, a validated recording wins
 * over skipped ones and clears the skip reason, skipped + skipped keeps the latest non-null reason.
 * A failing schema check counts as validated (the response was exercised) and is counted in `failedHits`, so
 * reports show a row whose every check failed as failed, not as `✓`.
 *
 * @example
 * const tracker = new CoverageTracker()
 * tracker.recordResponse(validateResponse(spec, { method: 'GET', path: '/pets', status: 200, body: [] }))
 * const result = computeCoverage([spec], tracker)
 */
export class CoverageTracker {
  readonly #coverage: CoverageStore = new Map()
  readonly #sdk: SdkStore = new Map()

  /**
   * Records a response validation result. Ignored when no path matched, when no status key was resolved
   * (method not documented), and for OPTIONS, HEAD and TRACE.
   */
  recordResponse(result: ValidationResult): void {
    if (result.matchedPath === null || result.matchedStatusKey === null || isUntrackedMethod(result.method))
      return
    const entry = endpointEntry(
      this.#coverage,
      result.specName,
      endpointKey(result.method, result.matchedPath),
    )
    const skipped = result.outcome === 'skipped'
    applyResponse(
      entry,
      responseKey(result.matchedStatusKey, result.matchedContentType),
      skipped ? 'skipped' : 'validated',
      1,
      skipped ? result.skipReason : null,
      {
        passedHits: result.outcome === 'success' ? 1 : 0,
        failedHits: result.outcome === 'failure' ? 1 : 0,
      },
    )
  }

  /**
   * Records a request validation result: the endpoint was reached. A skipped request stores its reason until a
   * later clean (success or failure) request validation clears it.
   */
  recordRequest(result: ValidationResult): void {
    if (result.matchedPath === null || isUntrackedMethod(result.method)) return
    const entry = endpointEntry(
      this.#coverage,
      result.specName,
      endpointKey(result.method, result.matchedPath),
    )
    applyRequest(entry, result.outcome === 'skipped' ? result.skipReason : null)
  }

  /** Records that an SDK decoder was run against the response schema of (method, path, status key, content type). */
  recordSdkExercise(
    spec: string,
    method: string,
    path: string,
    statusKey: string,
    contentTypeKey: string,
  ): void {
    if (isUntrackedMethod(method)) return
    for (const [name, value] of Object.entries({ spec, method, path, statusKey, contentTypeKey })) {
      if (typeof value !== 'string' || value === '') {
        throw new CoverageError(
          CoverageErrorCode.InvalidArgument,
          `recordSdkExercise: ${name} must be a non-empty string, got ${JSON.stringify(value) ?? String(value)}`,
        )
      }
    }
    addSdkHits(this.#sdk, spec, endpointKey(method, path), statusKey, contentTypeKey, 1)
  }

  /** True when anything was recorded (responses, requests or SDK exercises), for any spec or for `spec`. */
  hasObservations(spec?: string): boolean {
    const names = spec === undefined ? [...this.#coverage.keys(), ...this.#sdk.keys()] : [spec]
    return names.some(
      (name) => (this.#coverage.get(name)?.size ?? 0) > 0 || (this.#sdk.get(name)?.size ?? 0) > 0,
    )
  }

  /** Names of the specs something was recorded for. */
  specNames(): string[] {
    return [...new Set([...this.#coverage.keys(), ...this.#sdk.keys()])]
  }

  /** The recordings of one endpoint of a spec, or undefined. */
  endpoint(spec: string, key: string): RecordedEndpoint | undefined {
    const entry = this.#coverage.get(spec)?.get(key)
    return entry === undefined ? undefined : toRecordedEndpoint(entry)
  }

  /** Every endpoint recorded for a spec (including endpoints the spec no longer documents). */
  endpoints(spec: string): ReadonlyMap<string, RecordedEndpoint> {
    const out = new Map<string, RecordedEndpoint>()
    for (const [key, entry] of this.#coverage.get(spec) ?? []) out.set(key, toRecordedEndpoint(entry))
    return out
  }

  /** SDK exercise hits of one endpoint: status key → content-type key → hits. */
  sdkObservations(spec: string): ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, number>>> {
    return this.#sdk.get(spec) ?? new Map()
  }

  /** The recorded coverage as plain JSON (the `coverage` half of a sidecar envelope). */
  toState(): CoverageState {
    const specs: Record<string, Record<string, RecordedEndpoint>> = {}
    for (const [spec, endpoints] of this.#coverage) {
      const out: Record<string, RecordedEndpoint> = {}
      for (const [key, entry] of endpoints) setOwn(out, key, toRecordedEndpoint(entry))
      setOwn(specs, spec, out)
    }
    return { version: 1, specs }
  }

  /** The SDK exercise observations as plain JSON (the `sdkExercise` half of a sidecar envelope). */
  toSdkExerciseState(): SdkExerciseState {
    const observations: Record<string, Record<string, Record<string, Record<string, number>>>> = {}
    for (const [spec, endpoints] of this.#sdk) {
      const specOut: Record<string, Record<string, Record<string, number>>> = {}
      for (const [endpoint, statuses] of endpoints) {
        const endpointOut: Record<string, Record<string, number>> = {}
        for (const [status, contentTypes] of statuses) {
          const statusOut: Record<string, number> = {}
          for (const [contentType, hits] of contentTypes) setOwn(statusOut, contentType, hits)
          setOwn(endpointOut, status, statusOut)
        }
        setOwn(specOut, endpoint, endpointOut)
      }
      setOwn(observations, spec, specOut)
    }
    return { version: 1, observations }
  }

  /**
   * Folds a `toState()` payload (from another worker or shard) into this tracker with the recording rules.
   * The whole payload is validated first: on a malformed payload nothing is applied and a `CoverageError`
   * (`CONTRACTTOOL_COVERAGE_INVALID_STATE` or `..._UNSUPPORTED_STATE_VERSION`) names what is wrong.
   */
  mergeState(state: CoverageState, where = 'coverage state'): void {
    const normalized = validateCoverageState(state, where)
    for (const { spec, endpoints } of normalized.specs) {
      for (const endpoint of endpoints) {
        // An entry with nothing in it must not make an idle worker look active.
        if (!endpoint.requestReached && endpoint.responses.length === 0) continue
        const entry = endpointEntry(this.#coverage, spec, endpoint.key)
        if (endpoint.requestReached) applyRequest(entry, endpoint.requestSkipReason)
        for (const row of endpoint.responses)
          applyResponse(entry, row.key, row.state, row.hits, row.skipReason, row)
      }
    }
  }

  /** Folds a `toSdkExerciseState()` payload into this tracker (hits add). Validated first, all-or-nothing. */
  mergeSdkExerciseState(state: SdkExerciseState, where = 'SDK exercise state'): void {
    for (const row of validateSdkExerciseState(state, where)) {
      addSdkHits(this.#sdk, row.spec, row.endpoint, row.statusKey, row.contentTypeKey, row.hits)
    }
  }
}

function toRecordedEndpoint(entry: {
  requestReached: boolean
  requestSkipReason: string | null
  responses: ReadonlyMap<string, RecordedResponse>
}): RecordedEndpoint {
  const responses: Record<string, RecordedResponse> = {}
  for (const [key, row] of entry.responses) {
    // The check counts only when a check failed: sidecars of passing runs keep their shape.
    const failedHits = row.failedHits ?? 0
    setOwn(responses, key, {
      state: row.state,
      hits: row.hits,
      skipReason: row.skipReason,
      ...(failedHits > 0 ? { passedHits: row.passedHits ?? 0, failedHits } : {}),
    })
  }
  return { requestReached: entry.requestReached, requestSkipReason: entry.requestSkipReason, responses }
}
