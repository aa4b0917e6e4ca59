import { formatPercent } from './internal/format.js'
import { endpointMarker, MARKDOWN_MARKERS, responseMarker } from './internal/markers.js'
import { pushAll } from './internal/push-all.js'
import type { CoverageResponseRow, CoverageResult, EndpointCoverage, SpecCoverage } from './types.js'

// Table cells must not break the row: pipes escaped, newlines turned into `<br>`.
function cell(value: string): string {
  return value.replaceAll('|', '\\|').replaceAll('\r', '').replaceAll('\n', '<br>')
}

// Spec and recorded text outside code spans: HTML is shown, never rendered (GitHub renders raw HTML in
// Markdown, so `<img>` or `<details open>` from a spec would be live), and Markdown punctuation that
// starts emphasis, links or code is escaped (CommonMark 2.4, backslash escapes).
function text(value: string): string {
  return cell(
    value
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replace(/[\\`*_[\]~!]/g, '\\$&'),
  )
}

// Inline code spans show their content literally; the fence is one backtick longer than the longest run
// inside, so no run ends the span early (CommonMark 6.1, code spans).
function code(value: string): string {
  const escaped = cell(value)
  let longest = 0
  for (const run of escaped.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  const pad = escaped.startsWith('`') || escaped.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${escaped}${pad}${fence}`
}

/**
 * The Markdown coverage report: per spec a heading with the endpoint rate, the response line, an endpoint
 * table and a collapsible per-response detail. The same text is appended to `$GITHUB_STEP_SUMMARY`.
 * Returns `''` when nothing was recorded.
 *
 * @example
 * writeReport('coverage.md', renderMarkdown(result))
 */
export function renderMarkdown(result: CoverageResult): string {
  if (!result.hasObservations || result.specs.length === 0) return ''
  const lines = ['## OpenAPI Contract Test Coverage', '']
  for (const spec of result.specs) {
    pushAll(lines, renderSpec(spec))
    if (result.sdkExerciseEnabled) pushAll(lines, renderSdk(spec))
  }
  return lines.join('\n')
}

function renderSpec(spec: SpecCoverage): string[] {
  const t = spec.totals
  const lines = [
    `### ${text(spec.name)} — endpoints: ${t.endpointFullyCovered}/${t.endpointTotal} fully covered (${formatPercent(t.endpointFullyCovered, t.endpointTotal)}%)`,
    '',
    `_responses: ${t.responseCovered}/${t.responseTotal} covered (${formatPercent(t.responseCovered, t.responseTotal)}%) — ${t.responseSkipped} skipped, ${t.responseUncovered} uncovered, ${t.endpointPartial} partial endpoints, ${t.endpointUncovered} uncovered endpoints_`,
    '',
  ]
  if (spec.endpoints.length === 0) return lines
  lines.push('| Status | Endpoint | Responses |', '|--------|----------|-----------|')
  for (const endpoint of spec.endpoints) {
    lines.push(
      `| ${endpointMarker(endpoint.state, MARKDOWN_MARKERS, endpoint.checkFailedResponseCount > 0)} | ${code(endpoint.endpoint)} | ${responsesSummary(endpoint)} |`,
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
      ? `#### ${code(endpoint.endpoint)}`
      : `#### ${code(endpoint.endpoint)} (${text(endpoint.operationId)})`
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
      `| ${responseMarker(row.state, MARKDOWN_MARKERS, row.isCheckFailed)} ${text(row.statusKey)} | ${text(row.contentTypeKey)} | ${stateLabel(row)} |`,
    )
  }
  if (endpoint.unexpectedObservations.length > 0) {
    lines.push('', '_Unexpected observations (status / content-type not in spec):_', '')
    for (const observation of endpoint.unexpectedObservations) {
      lines.push(`- ${code(observation.statusKey)} ${code(observation.contentTypeKey)}`)
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
    return row.skipReason === null ? 'skipped' : `skipped (${text(row.skipReason)})`
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
      `| ${row.exercised ? MARKDOWN_MARKERS.validated : MARKDOWN_MARKERS.uncovered} | ${code(row.endpoint)} | ${text(row.statusKey)} | ${text(row.contentTypeKey)} | ${row.exercised ? `exercised (${row.hits} hits)` : 'unexercised'} |`,
    )
  }
  lines.push('')
  if (s.unexpectedObservations.length > 0) {
    lines.push('_Unexpected SDK exercise observations (not eligible in live spec):_', '')
    for (const row of s.unexpectedObservations) {
      lines.push(
        `- ${code(row.endpoint)} ${code(row.statusKey)} ${code(row.contentTypeKey)} (${row.hits} hits)`,
      )
    }
    lines.push('')
  }
  return lines
}
