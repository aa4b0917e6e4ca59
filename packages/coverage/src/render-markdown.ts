import { markdownCode, markdownText } from '@contracttool/kernel/internal'
import { formatPercent } from './internal/format.js'
import { endpointMarker, MARKDOWN_MARKERS, responseMarker } from './internal/markers.js'
import { MOCK_COVERAGE_TITLE } from './internal/mock-coverage-title.js'
import { pushAll } from './internal/push-all.js'
import type { CoverageResponseRow, CoverageResult, EndpointCoverage, SpecCoverage } from './types.js'

export interface RenderMarkdownOptions {
  /** What mocked responses covered: a section of its own after the API's, when it has observations. */
  readonly mock?: CoverageResult
}

/**
 * The Markdown coverage report: per spec a heading with the endpoint rate, the response line, an endpoint
 * table and a collapsible per-response detail; then, when mocks answered, the same for the mocked
 * responses under a heading saying they count toward nothing. The same text is appended to
 * `$GITHUB_STEP_SUMMARY`. Returns `''` when nothing was recorded.
 *
 * @example
 * writeReport('coverage.md', renderMarkdown(result, { mock }))
 */
export function renderMarkdown(result: CoverageResult, options: RenderMarkdownOptions = {}): string {
  const lines: string[] = []
  if (result.hasObservations && result.specs.length > 0) {
    lines.push('## OpenAPI Contract Test Coverage', '')
    for (const spec of result.specs) {
      pushAll(lines, renderSpec(spec))
      if (result.sdkExerciseEnabled) pushAll(lines, renderSdk(spec))
    }
  }
  const mock = options.mock
  if (mock?.hasObservations === true && mock.specs.length > 0) {
    lines.push(`## ${MOCK_COVERAGE_TITLE}`, '')
    for (const spec of mock.specs) pushAll(lines, renderSpec(spec))
  }
  return lines.join('\n')
}

function renderSpec(spec: SpecCoverage): string[] {
  const t = spec.totals
  const lines = [
    `### ${markdownText(spec.name)} — endpoints: ${t.endpointFullyCovered}/${t.endpointTotal} fully covered (${formatPercent(t.endpointFullyCovered, t.endpointTotal)}%)`,
    '',
    `_responses: ${t.responseCovered}/${t.responseTotal} covered (${formatPercent(t.responseCovered, t.responseTotal)}%) — ${t.responseSkipped} skipped, ${t.responseUncovered} uncovered, ${t.endpointPartial} partial endpoints, ${t.endpointUncovered} uncovered endpoints_`,
    '',
  ]
  if (spec.endpoints.length === 0) return lines
  lines.push('| Status | Endpoint | Responses |', '|--------|----------|-----------|')
  for (const endpoint of spec.endpoints) {
    lines.push(
      `| ${endpointMarker(endpoint.state, MARKDOWN_MARKERS, endpoint.checkFailedResponseCount > 0)} | ${markdownCode(endpoint.endpoint)} | ${responsesSummary(endpoint)} |`,
    )
  }
  lines.push('', '<details>', '<summary>Per-response detail</summary>', '')
  for (const endpoint of spec.endpoints) pushAll(lines, renderDetail(endpoint))
  lines.push('</details>', '')
  return lines
}

function responsesSummary(endpoint: EndpointCoverage): string {
  if (endpoint.totalResponseCount === 0) return endpoint.requestReached ? 'request only' : 'no spec entries'
  const extras: string[] = []
  if (endpoint.skippedResponseCount > 0) extras.push(`${endpoint.skippedResponseCount} skipped`)
  const uncovered =
    endpoint.totalResponseCount - endpoint.coveredResponseCount - endpoint.skippedResponseCount
  if (uncovered > 0) extras.push(`${uncovered} uncovered`)
  const base = `${endpoint.coveredResponseCount}/${endpoint.totalResponseCount}`
  return extras.length === 0 ? base : `${base} (${extras.join(', ')})`
}

function renderDetail(endpoint: EndpointCoverage): string[] {
  const heading =
    endpoint.operationId === null
      ? `#### ${markdownCode(endpoint.endpoint)}`
      : `#### ${markdownCode(endpoint.endpoint)} (${markdownText(endpoint.operationId)})`
  const lines = [heading, '']
  if (endpoint.responses.length === 0) {
    lines.push(
      endpoint.requestReached
        ? '_request reached, no response definitions in spec_'
        : '_no response definitions in spec_',
      '',
    )
    return lines
  }
  lines.push('| Status | Content-Type | State |', '|--------|--------------|-------|')
  for (const row of endpoint.responses) {
    lines.push(
      `| ${responseMarker(row.state, MARKDOWN_MARKERS, row.isCheckFailed)} ${markdownText(row.statusKey)} | ${markdownText(row.contentTypeKey)} | ${stateLabel(row)} |`,
    )
  }
  if (endpoint.unexpectedObservations.length > 0) {
    lines.push('', '_Unexpected observations (status / content-type not in spec):_', '')
    for (const observation of endpoint.unexpectedObservations) {
      lines.push(`- ${markdownCode(observation.statusKey)} ${markdownCode(observation.contentTypeKey)}`)
    }
  }
  lines.push('')
  return lines
}

function stateLabel(row: CoverageResponseRow): string {
  if (row.isCheckFailed) return `validated, check failed (${row.hits} hits)`
  if (row.state === 'validated')
    return row.failedHits > 0
      ? `validated (${row.hits} hits, ${row.failedHits} failed)`
      : `validated (${row.hits} hits)`
  if (row.state === 'skipped')
    return row.skipReason === null ? 'skipped' : `skipped (${markdownText(row.skipReason)})`
  return 'uncovered'
}

function renderSdk(spec: SpecCoverage): string[] {
  const s = spec.sdkExercise
  const lines = [
    '#### SDK response schema exercise',
    '',
    `_SDK responses: ${s.responseExercised}/${s.responseTotal} exercised (${formatPercent(s.responseExercised, s.responseTotal)}%) — ${s.responseUnexercised} unexercised_`,
    '',
    '| Status | Endpoint | Response | Content-Type | State |',
    '|--------|----------|----------|--------------|-------|',
  ]
  for (const row of s.responses) {
    lines.push(
      `| ${row.exercised ? MARKDOWN_MARKERS.validated : MARKDOWN_MARKERS.uncovered} | ${markdownCode(row.endpoint)} | ${markdownText(row.statusKey)} | ${markdownText(row.contentTypeKey)} | ${row.exercised ? `exercised (${row.hits} hits)` : 'unexercised'} |`,
    )
  }
  lines.push('')
  if (s.unexpectedObservations.length > 0) {
    lines.push('_Unexpected SDK exercise observations (not eligible in live spec):_', '')
    for (const row of s.unexpectedObservations) {
      lines.push(
        `- ${markdownCode(row.endpoint)} ${markdownCode(row.statusKey)} ${markdownCode(row.contentTypeKey)} (${row.hits} hits)`,
      )
    }
    lines.push('')
  }
  return lines
}
