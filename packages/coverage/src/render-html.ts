import { htmlText } from '@contracttool/kernel/internal'
import { formatNumber, formatPercent, percentOf } from './internal/format.js'
import { HTML_SCRIPT, HTML_STYLE } from './internal/html-assets.js'
import { endpointMarker, PLAIN_MARKERS, responseMarker } from './internal/markers.js'
import { MOCK_COVERAGE_TITLE } from './internal/mock-coverage-title.js'
import { pushAll } from './internal/push-all.js'
import type {
  CoverageResult,
  CoverageTotals,
  EndpointCoverage,
  EndpointState,
  SpecCoverage,
} from './types.js'

const ENDPOINT_STATES: readonly {
  readonly state: EndpointState
  readonly label: string
  readonly count: keyof CoverageTotals
}[] = [
  { state: 'all-covered', label: 'all covered', count: 'endpointFullyCovered' },
  { state: 'partial', label: 'partial', count: 'endpointPartial' },
  { state: 'uncovered', label: 'uncovered', count: 'endpointUncovered' },
  { state: 'request-only', label: 'request-only', count: 'endpointRequestOnly' },
]

const RESPONSE_STATES = [
  { state: 'validated', label: 'validated', count: 'responseCovered' },
  { state: 'skipped', label: 'skipped', count: 'responseSkipped' },
  { state: 'uncovered', label: 'uncovered', count: 'responseUncovered' },
] as const

// `endpoint-` + the lower-cased, percent-encoded `<spec>-<endpoint>` with every `%XX` turned into `-`
// (RFC 3986 unreserved characters kept), so fragments stay readable; collisions get `-2`, `-3`…
function anchorAllocator(): (spec: string, endpoint: string) => string {
  const seen = new Map<string, number>()
  const encoder = new TextEncoder()
  return (spec, endpoint) => {
    let slug = ''
    for (const char of `${spec}-${endpoint}`) {
      slug += /^[A-Za-z0-9_.~-]$/.test(char) ? char : '-'.repeat(encoder.encode(char).length)
    }
    const base = `endpoint-${slug.toLowerCase()}`
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return count === 1 ? base : `${base}-${count}`
  }
}

export interface RenderHtmlOptions {
  /** What mocked responses covered: a section of its own after the API's, when it has observations. */
  readonly mock?: CoverageResult
}

/**
 * One self-contained HTML page (inline CSS, a small inline filter script, no external requests): aggregate
 * figures, per-spec summary bars, a filterable endpoint list (by state and by text) and per-response detail
 * (status, content type, state, hits, skip reason); then, when mocks answered, the same per-spec sections for
 * the mocked responses under a heading saying they count toward nothing (the filter covers them too).
 * Every string from specs and recordings is HTML-escaped. Returns `''` when nothing was recorded.
 *
 * @example
 * writeReport('reports/coverage.html', renderHtml(result, { mock }))
 */
export function renderHtml(result: CoverageResult, options: RenderHtmlOptions = {}): string {
  const api = result.hasObservations && result.specs.length > 0
  const mock =
    options.mock?.hasObservations === true && options.mock.specs.length > 0 ? options.mock : undefined
  if (!api && mock === undefined) return ''
  const allocate = anchorAllocator()
  const t = result.totals
  // The filter counts every endpoint on the page, the mocked ones included.
  const listed = t.endpointTotal + (mock?.totals.endpointTotal ?? 0)
  const sdk = result.sdkExerciseTotals
  const lines = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">`,
    '<title>OpenAPI Contract Test Coverage</title>',
    `<style>${HTML_STYLE}</style>`,
    '</head>',
    '<body>',
    '<header class="page-header">',
    '<h1>OpenAPI Contract Test Coverage</h1>',
    `<div class="aggregate" id="aggregate" data-endpoint-total="${t.endpointTotal}" data-endpoint-fully-covered="${t.endpointFullyCovered}" data-response-total="${t.responseTotal}" data-response-covered="${t.responseCovered}">`,
    `<p class="metric"><strong>${t.endpointFullyCovered} / ${t.endpointTotal}</strong> endpoints fully covered (${formatPercent(t.endpointFullyCovered, t.endpointTotal)}%)</p>`,
    `<p class="metric"><strong>${t.responseCovered} / ${t.responseTotal}</strong> responses covered (${formatPercent(t.responseCovered, t.responseTotal)}%)</p>`,
    ...(result.sdkExerciseEnabled
      ? [
          `<p class="metric"><strong>${sdk.responseExercised} / ${sdk.responseTotal}</strong> SDK responses exercised (${formatPercent(sdk.responseExercised, sdk.responseTotal)}%)</p>`,
        ]
      : []),
    `<p class="meta">${t.responseSkipped} skipped, ${t.responseUncovered} uncovered, ${t.endpointPartial} partial endpoints, ${t.endpointUncovered} uncovered endpoints, ${t.endpointRequestOnly} request-only</p>`,
    '</div>',
    '<p class="legend">✓ validated &nbsp; ⚠ skipped &nbsp; ✗ uncovered &nbsp; ◐ partial &nbsp; · request-only &nbsp; * any/no content-type</p>',
    '<form class="filters" id="filters" role="search" onsubmit="return false">',
    '<label for="filter-text">Filter<input type="search" id="filter-text" placeholder="method, path or operationId" autocomplete="off"></label>',
    '<label for="filter-state">State<select id="filter-state">',
    '<option value="">all states</option>',
    ...ENDPOINT_STATES.map(({ state, label }) => `<option value="${state}">${label}</option>`),
    '</select></label>',
    `<output id="visible-count" for="filter-text filter-state">Showing <span id="visible-endpoints">${listed}</span> of <span id="total-endpoints">${listed}</span> endpoints</output>`,
    '</form>',
    '</header>',
    '<main>',
  ]
  if (api) {
    for (const spec of result.specs) pushAll(lines, renderSpec(spec, allocate, result.sdkExerciseEnabled))
  } else {
    lines.push('<p class="empty">No contract test recorded a response.</p>')
  }
  if (mock !== undefined) pushAll(lines, renderMock(mock, allocate))
  lines.push('</main>', `<script>${HTML_SCRIPT}</script>`, '</body>', '</html>')
  return `${lines.join('\n')}\n`
}

function renderMock(mock: CoverageResult, allocate: (spec: string, endpoint: string) => string): string[] {
  const t = mock.totals
  const lines = [
    '<section class="mock-coverage">',
    `<h2>${htmlText(MOCK_COVERAGE_TITLE)}</h2>`,
    `<p class="meta">${t.endpointFullyCovered} / ${t.endpointTotal} endpoints fully covered (${formatPercent(t.endpointFullyCovered, t.endpointTotal)}%), ${t.responseCovered} / ${t.responseTotal} responses covered (${formatPercent(t.responseCovered, t.responseTotal)}%) by mocked responses</p>`,
  ]
  // Anchors of their own: a mocked endpoint's link never points at the API's row.
  for (const spec of mock.specs) {
    pushAll(
      lines,
      renderSpec(spec, (name, endpoint) => allocate(`mock-${name}`, endpoint), false),
    )
  }
  lines.push('</section>')
  return lines
}

function bar(
  label: string,
  total: number,
  covered: number,
  segments: readonly { readonly state: string; readonly label: string; readonly value: number }[],
): string[] {
  const description = segments.map((segment) => `${segment.value} ${segment.label}`).join(', ')
  const spans = segments
    .filter((segment) => segment.value > 0)
    .map(
      (segment) =>
        `<span class="seg state-${segment.state}" style="width:${formatNumber(percentOf(segment.value, total))}%" title="${segment.value} ${htmlText(segment.label)}"></span>`,
    )
    .join('')
  return [
    `<div class="bar-label">${label}</div>`,
    `<div class="bar" role="img" aria-label="${htmlText(`${label}: ${description}`)}">${spans}</div>`,
    `<div class="bar-value">${covered}/${total} (${formatPercent(covered, total)}%)</div>`,
  ]
}

function renderSpec(
  spec: SpecCoverage,
  allocate: (spec: string, endpoint: string) => string,
  sdkEnabled: boolean,
): string[] {
  const t = spec.totals
  const lines = [
    `<section class="spec" data-spec="${htmlText(spec.name)}" data-endpoint-total="${t.endpointTotal}" data-response-total="${t.responseTotal}">`,
    `<h2>${htmlText(spec.name)}</h2>`,
    `<p class="spec-summary">endpoints: ${t.endpointFullyCovered} / ${t.endpointTotal} fully covered (${formatPercent(t.endpointFullyCovered, t.endpointTotal)}%) — responses: ${t.responseCovered} / ${t.responseTotal} covered (${formatPercent(t.responseCovered, t.responseTotal)}%)</p>`,
    '<div class="bars">',
    ...bar(
      'Endpoints',
      t.endpointTotal,
      t.endpointFullyCovered,
      ENDPOINT_STATES.map(({ state, label, count }) => ({ state, label, value: t[count] })),
    ),
    ...bar(
      'Responses',
      t.responseTotal,
      t.responseCovered,
      RESPONSE_STATES.map(({ state, label, count }) => ({ state, label, value: t[count] })),
    ),
    '</div>',
    '<ul class="counts">',
    ...ENDPOINT_STATES.map(
      ({ state, label, count }) =>
        `<li class="state-${state}"><span class="marker">${endpointMarker(state, PLAIN_MARKERS)}</span> <span class="count" data-state="${state}">${t[count]}</span> ${label}</li>`,
    ),
    '</ul>',
  ]
  if (spec.endpoints.length === 0) {
    lines.push('<p class="empty">No operations in this spec.</p>')
  } else {
    lines.push('<div class="endpoints">')
    for (const endpoint of spec.endpoints)
      pushAll(lines, renderEndpoint(endpoint, allocate(spec.name, endpoint.endpoint)))
    lines.push('</div>', '<p class="no-match" hidden>No endpoint of this spec matches the filter.</p>')
  }
  if (sdkEnabled) pushAll(lines, renderSdk(spec))
  lines.push('</section>')
  return lines
}

function endpointCounts(endpoint: EndpointCoverage): string {
  if (endpoint.totalResponseCount === 0) {
    return endpoint.requestReached ? 'request reached, no response definitions' : 'no response definitions'
  }
  const skipped = endpoint.skippedResponseCount > 0 ? `, ${endpoint.skippedResponseCount} skipped` : ''
  return `${endpoint.coveredResponseCount}/${endpoint.totalResponseCount} responses${skipped}`
}

function renderEndpoint(endpoint: EndpointCoverage, anchor: string): string[] {
  const search = [endpoint.endpoint, endpoint.operationId ?? ''].join(' ').toLowerCase()
  const lines = [
    `<details id="${htmlText(anchor)}" class="endpoint state-${endpoint.state}" data-state="${endpoint.state}" data-search="${htmlText(search)}">`,
    `<summary><span class="marker">${endpointMarker(endpoint.state, PLAIN_MARKERS, endpoint.checkFailedResponseCount > 0)}</span> <code>${htmlText(endpoint.endpoint)}</code>` +
      (endpoint.operationId === null ? '' : ` <em class="op-id">${htmlText(endpoint.operationId)}</em>`) +
      ` <span class="state-label">${endpoint.state}</span> <span class="endpoint-counts">${htmlText(endpointCounts(endpoint))}</span>` +
      ` <a class="anchor" href="#${htmlText(anchor)}" title="Link to this endpoint">#</a></summary>`,
  ]
  if (endpoint.responses.length > 0) {
    lines.push(
      '<table class="responses">',
      '<thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>',
      '<tbody>',
    )
    for (const row of endpoint.responses) {
      lines.push(
        `<tr class="state-${row.state}"><td><code>${htmlText(row.statusKey)}</code></td><td><code>${htmlText(row.contentTypeKey)}</code></td>` +
          `<td><span class="marker">${responseMarker(row.state, PLAIN_MARKERS, row.isCheckFailed)}</span> ${row.isCheckFailed ? 'validated, check failed' : row.state}</td><td class="hits">${row.hits}</td>` +
          `<td>${row.skipReason === null ? '' : htmlText(row.skipReason)}</td></tr>`,
      )
    }
    lines.push('</tbody>', '</table>')
  }
  if (endpoint.unexpectedObservations.length > 0) {
    lines.push(
      '<p class="unexpected-heading">Unexpected observations (status / content type not in spec)</p>',
      '<table class="unexpected">',
      '<thead><tr><th>Status</th><th>Content type</th></tr></thead>',
      '<tbody>',
      ...endpoint.unexpectedObservations.map(
        (observation) =>
          `<tr><td><code>${htmlText(observation.statusKey)}</code></td><td><code>${htmlText(observation.contentTypeKey)}</code></td></tr>`,
      ),
      '</tbody>',
      '</table>',
    )
  }
  lines.push('</details>')
  return lines
}

function renderSdk(spec: SpecCoverage): string[] {
  const s = spec.sdkExercise
  const lines = [
    '<section class="sdk-exercise">',
    '<h3>SDK response schema exercise</h3>',
    `<p class="sdk-summary">SDK responses: ${s.responseExercised} / ${s.responseTotal} exercised (${formatPercent(s.responseExercised, s.responseTotal)}%) — ${s.responseUnexercised} unexercised</p>`,
  ]
  if (s.responses.length > 0) {
    lines.push(
      '<table class="sdk-responses">',
      '<thead><tr><th>Endpoint</th><th>Operation</th><th>Status</th><th>Content type</th><th>State</th><th>Hits</th></tr></thead>',
      '<tbody>',
      ...s.responses.map(
        (row) =>
          `<tr class="state-${row.exercised ? 'validated' : 'uncovered'}"><td><code>${htmlText(row.endpoint)}</code></td><td>${htmlText(row.operationId ?? '')}</td>` +
          `<td><code>${htmlText(row.statusKey)}</code></td><td><code>${htmlText(row.contentTypeKey)}</code></td>` +
          `<td><span class="marker">${row.exercised ? PLAIN_MARKERS.validated : PLAIN_MARKERS.uncovered}</span> ${row.exercised ? 'exercised' : 'unexercised'}</td><td class="hits">${row.hits}</td></tr>`,
      ),
      '</tbody>',
      '</table>',
    )
  }
  if (s.unexpectedObservations.length > 0) {
    lines.push(
      '<p class="unexpected-heading">Unexpected SDK exercise observations</p>',
      '<table class="unexpected">',
      '<thead><tr><th>Endpoint</th><th>Status</th><th>Content type</th><th>Hits</th></tr></thead>',
      '<tbody>',
      ...s.unexpectedObservations.map(
        (row) =>
          `<tr><td><code>${htmlText(row.endpoint)}</code></td><td><code>${htmlText(row.statusKey)}</code></td><td><code>${htmlText(row.contentTypeKey)}</code></td><td class="hits">${row.hits}</td></tr>`,
      ),
      '</tbody>',
      '</table>',
    )
  }
  lines.push('</section>')
  return lines
}
