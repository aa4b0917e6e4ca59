import type { LoadedSpec } from '@contracttool/spec-loader'
import type { CoverageTracker } from './coverage-tracker.js'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { addHits } from './internal/coverage-state.js'
import {
  collectDeclaredEndpoints,
  type DeclaredEndpoint,
  type DeclaredRow,
} from './internal/declared-endpoints.js'
import { splitResponseKey } from './internal/keys.js'
import {
  compareCaseInsensitive,
  compareStrings,
  contentTypeMatches,
  statusKeyMatches,
} from './internal/matching.js'
import { sdkEligibleRows } from './internal/sdk-eligibility.js'
import type {
  CoverageResponseRow,
  CoverageResult,
  CoverageTotals,
  EndpointCoverage,
  EndpointState,
  RecordedEndpoint,
  ResponseState,
  SdkExerciseCoverage,
  SdkExerciseRow,
  SdkExerciseTotals,
  SdkExerciseUnexpected,
  SpecCoverage,
  UnexpectedObservation,
} from './types.js'

export interface ComputeCoverageOptions {
  /**
   * Report the SDK exercise metric (console line, Markdown/HTML sections, JUnit cases). Default: when SDK
   * exercises were recorded. The JSON report and the threshold gate always carry the metric.
   */
  readonly sdkExercise?: boolean
}

/**
 * Reconciles what a tracker recorded with the live specs: every documented (status, content type) pair of
 * every GET/POST/PUT/PATCH/DELETE/QUERY and `additionalOperations` operation gets a state.
 *
 * A declared `default` matches any recorded status, range keys (`5XX`) match literal statuses both ways,
 * `*` matches any content type both ways; validated beats skipped beats uncovered; one recording may satisfy
 * several rows; recordings matching no row become unexpected observations. Recordings for endpoints the spec
 * no longer declares, and for specs not in `specs`, are not counted but named in `notes`.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#responses-object
 * @example
 * const result = computeCoverage([spec], tracker)
 * process.stdout.write(renderConsole(result, { mode: 'default', color: false }))
 */
export function computeCoverage(
  specs: readonly LoadedSpec[],
  tracker: CoverageTracker,
  options: ComputeCoverageOptions = {},
): CoverageResult {
  if (!Array.isArray(specs)) {
    throw new CoverageError(
      CoverageErrorCode.InvalidArgument,
      'computeCoverage: specs must be an array of LoadedSpec',
    )
  }
  const names = new Set<string>()
  for (const spec of specs) {
    if (names.has(spec.name)) {
      throw new CoverageError(
        CoverageErrorCode.InvalidArgument,
        `computeCoverage: spec '${spec.name}' is listed twice; spec names key the report`,
      )
    }
    names.add(spec.name)
  }
  const warnings: string[] = []
  const sdkExerciseEnabled =
    options.sdkExercise ?? specs.some((spec) => tracker.sdkObservations(spec.name).size > 0)
  const notes: string[] = []
  const specResults = specs.map((spec) => computeSpec(spec, tracker, warnings, notes, sdkExerciseEnabled))
  const unreported = tracker.specNames().filter((name) => !names.has(name))
  if (unreported.length > 0) {
    notes.push(
      `[OpenAPI Coverage] NOTE: observations were recorded for spec(s) not in this report: ${listSome(unreported.map((name) => `'${name}'`))}; add them to the reported specs to count them.`,
    )
  }
  return {
    specs: specResults,
    totals: sumTotals(specResults.map((spec) => spec.totals)),
    sdkExerciseTotals: sumSdk(specResults.map((spec) => spec.sdkExercise)),
    hasObservations: specs.some((spec) => tracker.hasObservations(spec.name)),
    sdkExerciseEnabled,
    warnings,
    notes,
  }
}

function computeSpec(
  spec: LoadedSpec,
  tracker: CoverageTracker,
  warnings: string[],
  notes: string[],
  sdkExerciseEnabled: boolean,
): SpecCoverage {
  const declared = collectDeclaredEndpoints(spec, warnings)
  const recorded = tracker.endpoints(spec.name)
  const endpoints = declared.map((endpoint) => computeEndpoint(endpoint, recorded.get(endpoint.endpoint)))
  const declaredKeys = new Set(declared.map((endpoint) => endpoint.endpoint))
  const undeclared = [...recorded.keys()].filter((key) => !declaredKeys.has(key)).sort(compareStrings)
  if (undeclared.length > 0) {
    notes.push(
      `[OpenAPI Coverage] NOTE: spec '${spec.name}': ${undeclared.length} endpoint(s) observed by tests are not declared in the spec (removed or renamed since the run?), not counted: ${listSome(undeclared)}`,
    )
  }
  const totals = countTotals(endpoints)
  const sdkExercise = computeSdkExercise(declared, tracker.sdkObservations(spec.name))
  const hasActivity =
    totals.responseCovered > 0 ||
    totals.responseSkipped > 0 ||
    totals.endpointRequestOnly > 0 ||
    (sdkExerciseEnabled &&
      (sdkExercise.responseExercised > 0 || sdkExercise.unexpectedObservations.length > 0))
  return { name: spec.name, totals, endpoints, sdkExercise, hasActivity }
}

const LISTED_NAMES = 10

// The first names of a list, then how many more.
function listSome(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES).join(', ')
  return names.length > LISTED_NAMES ? `${shown} and ${names.length - LISTED_NAMES} more` : shown
}

interface ParsedRecording {
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly state: 'validated' | 'skipped'
  readonly hits: number
  readonly skipReason: string | null
  readonly passedHits: number
  readonly failedHits: number
}

function computeEndpoint(
  declared: DeclaredEndpoint,
  recorded: RecordedEndpoint | undefined,
): EndpointCoverage {
  const recordings: ParsedRecording[] = Object.entries(recorded?.responses ?? {}).map(([key, row]) => ({
    ...splitResponseKey(key),
    state: row.state,
    hits: row.hits,
    skipReason: row.skipReason,
    passedHits: row.state === 'validated' ? (row.passedHits ?? row.hits - (row.failedHits ?? 0)) : 0,
    failedHits: row.state === 'validated' ? (row.failedHits ?? 0) : 0,
  }))
  const rows = declared.rows.map((row) => reconcileRow(row, recordings))
  const unexpectedObservations: UnexpectedObservation[] = recordings
    .filter((recording) => !declared.rows.some((row) => matches(row, recording)))
    .map(({ statusKey, contentTypeKey }) => ({ statusKey, contentTypeKey }))
    .sort(
      (a, b) =>
        compareStrings(a.statusKey, b.statusKey) ||
        compareCaseInsensitive(a.contentTypeKey, b.contentTypeKey),
    )
  let covered = 0
  let checkFailed = 0
  let skipped = 0
  for (const row of rows) {
    if (row.state === 'validated') covered++
    else if (row.state === 'skipped') skipped++
    if (row.isCheckFailed) checkFailed++
  }
  const requestReached = recorded?.requestReached ?? false
  const observed = requestReached || recordings.length > 0
  return {
    endpoint: declared.endpoint,
    method: declared.method,
    path: declared.path,
    operationId: declared.operationId,
    state: endpointState(rows.length, covered, skipped, observed),
    requestReached,
    requestSkipReason: recorded?.requestSkipReason ?? null,
    responses: rows,
    coveredResponseCount: covered,
    checkFailedResponseCount: checkFailed,
    skippedResponseCount: skipped,
    totalResponseCount: rows.length,
    unexpectedObservations,
  }
}

function matches(row: DeclaredRow, recording: ParsedRecording): boolean {
  return (
    statusKeyMatches(row.statusKey, recording.statusKey) &&
    contentTypeMatches(row.contentTypeKey, recording.contentTypeKey)
  )
}

// Best state wins; once validated, only validated hits count (skipped hits are dropped on promotion).
function reconcileRow(row: DeclaredRow, recordings: readonly ParsedRecording[]): CoverageResponseRow {
  let state: ResponseState = 'uncovered'
  let hits = 0
  let failedHits = 0
  let passedHits = 0
  let skipReason: string | null = null
  for (const recording of recordings) {
    if (!matches(row, recording)) continue
    if (recording.state === 'validated') {
      hits = state === 'validated' ? addHits(hits, recording.hits) : recording.hits
      failedHits = state === 'validated' ? addHits(failedHits, recording.failedHits) : recording.failedHits
      passedHits = state === 'validated' ? addHits(passedHits, recording.passedHits) : recording.passedHits
      state = 'validated'
      skipReason = null
    } else if (state === 'uncovered') {
      state = 'skipped'
      hits = recording.hits
      skipReason = recording.skipReason
    } else if (state === 'skipped') {
      hits = addHits(hits, recording.hits)
      if (recording.skipReason !== null) skipReason = recording.skipReason
    }
  }
  return {
    statusKey: row.statusKey,
    contentTypeKey: row.contentTypeKey,
    state,
    hits,
    skipReason,
    failedHits,
    isCheckFailed: state === 'validated' && failedHits > 0 && passedHits === 0,
  }
}

// Request-only covers both an endpoint without response definitions that a test reached and one whose every
// observation was unexpected: without it, an endpoint with test traffic would read as uncovered.
function endpointState(total: number, covered: number, skipped: number, observed: boolean): EndpointState {
  if (total === 0 || (covered === 0 && skipped === 0)) return observed ? 'request-only' : 'uncovered'
  return covered === total ? 'all-covered' : 'partial'
}

function countTotals(endpoints: readonly EndpointCoverage[]): CoverageTotals {
  let endpointFullyCovered = 0
  let endpointPartial = 0
  let endpointUncovered = 0
  let endpointRequestOnly = 0
  let responseTotal = 0
  let responseCovered = 0
  let responseCheckFailed = 0
  let responseSkipped = 0
  for (const endpoint of endpoints) {
    if (endpoint.state === 'all-covered') endpointFullyCovered++
    else if (endpoint.state === 'partial') endpointPartial++
    else if (endpoint.state === 'uncovered') endpointUncovered++
    else endpointRequestOnly++
    responseTotal += endpoint.totalResponseCount
    responseCovered += endpoint.coveredResponseCount
    responseCheckFailed += endpoint.checkFailedResponseCount
    responseSkipped += endpoint.skippedResponseCount
  }
  return {
    endpointTotal: endpoints.length,
    endpointFullyCovered,
    endpointPartial,
    endpointUncovered,
    endpointRequestOnly,
    responseTotal,
    responseCovered,
    responseCheckFailed,
    responseSkipped,
    responseUncovered: responseTotal - responseCovered - responseSkipped,
  }
}

function sumTotals(all: readonly CoverageTotals[]): CoverageTotals {
  const sum = (pick: (totals: CoverageTotals) => number) => all.reduce((acc, totals) => acc + pick(totals), 0)
  return {
    endpointTotal: sum((t) => t.endpointTotal),
    endpointFullyCovered: sum((t) => t.endpointFullyCovered),
    endpointPartial: sum((t) => t.endpointPartial),
    endpointUncovered: sum((t) => t.endpointUncovered),
    endpointRequestOnly: sum((t) => t.endpointRequestOnly),
    responseTotal: sum((t) => t.responseTotal),
    responseCovered: sum((t) => t.responseCovered),
    responseCheckFailed: sum((t) => t.responseCheckFailed),
    responseSkipped: sum((t) => t.responseSkipped),
    responseUncovered: sum((t) => t.responseUncovered),
  }
}

function sumSdk(all: readonly SdkExerciseTotals[]): SdkExerciseTotals {
  let responseTotal = 0
  let responseExercised = 0
  for (const totals of all) {
    responseTotal += totals.responseTotal
    responseExercised += totals.responseExercised
  }
  return { responseTotal, responseExercised, responseUnexercised: responseTotal - responseExercised }
}

function sdkSortKey(row: { endpoint: string; statusKey: string; contentTypeKey: string }): string {
  return `${row.endpoint}\0${row.statusKey}\0${row.contentTypeKey}`
}

function computeSdkExercise(
  declared: readonly DeclaredEndpoint[],
  observations: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, number>>>,
): SdkExerciseCoverage {
  // Media-type keys compare case-insensitively: observations differing only by case fold together.
  const remaining = new Map<string, number>()
  const originalCase = new Map<string, string>()
  for (const [endpoint, statuses] of observations) {
    for (const [statusKey, contentTypes] of statuses) {
      for (const [contentTypeKey, hits] of contentTypes) {
        const key = `${endpoint}\0${statusKey}\0${contentTypeKey.toLowerCase()}`
        remaining.set(key, addHits(remaining.get(key) ?? 0, hits))
        if (!originalCase.has(key)) originalCase.set(key, contentTypeKey)
      }
    }
  }
  const responses: SdkExerciseRow[] = []
  // Whatever is left in `remaining` after the walk matched no eligible schema: unexpected.
  for (const endpoint of declared) {
    for (const row of sdkEligibleRows(endpoint)) {
      const key = `${endpoint.endpoint}\0${row.statusKey}\0${row.contentTypeKey.toLowerCase()}`
      const hits = remaining.get(key) ?? 0
      remaining.delete(key)
      responses.push({
        endpoint: endpoint.endpoint,
        method: endpoint.method,
        path: endpoint.path,
        operationId: endpoint.operationId,
        statusKey: row.statusKey,
        contentTypeKey: row.contentTypeKey,
        exercised: hits > 0,
        hits,
      })
    }
  }
  responses.sort((a, b) => compareStrings(sdkSortKey(a), sdkSortKey(b)))
  const unexpectedObservations: SdkExerciseUnexpected[] = [...remaining].map(([key, hits]) => {
    const [endpoint = '', statusKey = ''] = key.split('\0')
    return { endpoint, statusKey, contentTypeKey: originalCase.get(key) ?? '', hits }
  })
  unexpectedObservations.sort((a, b) => compareStrings(sdkSortKey(a), sdkSortKey(b)))
  const responseExercised = responses.filter((row) => row.exercised).length
  return {
    responses,
    responseTotal: responses.length,
    responseExercised,
    responseUnexercised: responses.length - responseExercised,
    unexpectedObservations,
  }
}
