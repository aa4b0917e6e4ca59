import {
  COVERAGE_JSON_SCHEMA_VERSION,
  type CoverageJsonAggregates,
  type CoverageJsonDocument,
  type CoverageJsonSpec,
} from './coverage-json.js'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { setOwn } from './internal/coverage-state.js'
import type { CoverageResult, CoverageTotals, SpecCoverage } from './types.js'

export interface RenderJsonOptions {
  /** Version of the tool writing the report (`tool.version`); `'unknown'` when not known. */
  readonly toolVersion: string
  /** The report time; defaults to now. Printed in the local offset of the process. */
  readonly now?: Date
  /** What mocked responses covered: written as `mock_coverage` when it has observations. */
  readonly mock?: CoverageResult
}

/**
 * `2026-05-11T12:34:56+02:00`: seconds precision, numeric offset (never `Z`, never milliseconds), the
 * `generated_at` format of the coverage JSON.
 *
 * @example
 * formatTimestamp(new Date()) // '2026-05-11T14:34:56+02:00'
 */
export function formatTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) {
    throw new CoverageError(CoverageErrorCode.InvalidArgument, 'renderJson: now is an invalid Date')
  }
  const pad = (value: number) => String(value).padStart(2, '0')
  const offset = -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const abs = Math.abs(offset)
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  )
}

function aggregates(totals: CoverageTotals): CoverageJsonAggregates {
  return {
    endpoint_total: totals.endpointTotal,
    endpoint_fully_covered: totals.endpointFullyCovered,
    endpoint_partial: totals.endpointPartial,
    endpoint_uncovered: totals.endpointUncovered,
    endpoint_request_only: totals.endpointRequestOnly,
    response_total: totals.responseTotal,
    response_covered: totals.responseCovered,
    response_check_failed: totals.responseCheckFailed,
    response_skipped: totals.responseSkipped,
    response_uncovered: totals.responseUncovered,
  }
}

function specDocument(spec: SpecCoverage): CoverageJsonSpec {
  const sdk = spec.sdkExercise
  return {
    aggregates: aggregates(spec.totals),
    endpoints: spec.endpoints.map((endpoint) => ({
      endpoint: endpoint.endpoint,
      method: endpoint.method,
      path: endpoint.path,
      operation_id: endpoint.operationId,
      endpoint_state: endpoint.state,
      request_reached: endpoint.requestReached,
      responses: endpoint.responses.map((row) => ({
        status_key: row.statusKey,
        content_type_key: row.contentTypeKey,
        response_state: row.state,
        hits: row.hits,
        skip_reason: row.skipReason,
        failed_hits: row.failedHits,
        check_failed: row.isCheckFailed,
      })),
      covered_response_count: endpoint.coveredResponseCount,
      check_failed_response_count: endpoint.checkFailedResponseCount,
      skipped_response_count: endpoint.skippedResponseCount,
      total_response_count: endpoint.totalResponseCount,
      unexpected_observations: endpoint.unexpectedObservations.map((observation) => ({
        status_key: observation.statusKey,
        content_type_key: observation.contentTypeKey,
      })),
    })),
    sdk_exercise: {
      response_total: sdk.responseTotal,
      response_exercised: sdk.responseExercised,
      response_unexercised: sdk.responseUnexercised,
      responses: sdk.responses.map((row) => ({
        endpoint: row.endpoint,
        method: row.method,
        path: row.path,
        operation_id: row.operationId,
        status_key: row.statusKey,
        content_type_key: row.contentTypeKey,
        exercised: row.exercised,
        hits: row.hits,
      })),
      unexpected_observations: sdk.unexpectedObservations.map((row) => ({
        endpoint: row.endpoint,
        status_key: row.statusKey,
        content_type_key: row.contentTypeKey,
        hits: row.hits,
      })),
    },
  }
}

/**
 * The coverage JSON document (`schema_version: 3`) as an object, for callers that consume it in process
 * (`computeSpecPatchCoverage`) without a file round trip.
 *
 * @example
 * const document = buildCoverageJson(result, { toolVersion: '1.2.0' })
 */
export function buildCoverageJson(result: CoverageResult, options: RenderJsonOptions): CoverageJsonDocument {
  const mock = options.mock
  return {
    schema_version: COVERAGE_JSON_SCHEMA_VERSION,
    generated_at: formatTimestamp(options.now ?? new Date()),
    tool: { name: 'contracttool', version: options.toolVersion === '' ? 'unknown' : options.toolVersion },
    aggregate: {
      ...aggregates(result.totals),
      sdk_exercise: {
        response_total: result.sdkExerciseTotals.responseTotal,
        response_exercised: result.sdkExerciseTotals.responseExercised,
        response_unexercised: result.sdkExerciseTotals.responseUnexercised,
      },
    },
    specs: specDocuments(result),
    ...(mock?.hasObservations === true
      ? { mock_coverage: { aggregate: aggregates(mock.totals), specs: specDocuments(mock) } }
      : {}),
  }
}

function specDocuments(result: CoverageResult): Record<string, CoverageJsonSpec> {
  const specs: Record<string, CoverageJsonSpec> = {}
  for (const spec of result.specs) setOwn(specs, spec.name, specDocument(spec))
  return specs
}

/**
 * The coverage JSON report (`schema_version: 3`): 4-space indented, trailing newline. Returns `''` when
 * nothing was recorded, by the API or by mocks (no file should be written then).
 *
 * @example
 * writeReport('coverage.json', renderJson(result, { toolVersion: '1.2.0' }))
 */
export function renderJson(result: CoverageResult, options: RenderJsonOptions): string {
  const recorded = result.hasObservations || options.mock?.hasObservations === true
  if (!recorded || result.specs.length === 0) return ''
  return `${JSON.stringify(buildCoverageJson(result, options), null, 4)}\n`
}
