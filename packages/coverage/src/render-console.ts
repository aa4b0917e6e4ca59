import { terminalText } from '@contracttool/kernel/internal'
import { formatPercent, plural } from './internal/format.js'
import { endpointMarker, PLAIN_MARKERS, responseMarker } from './internal/markers.js'
import type {
  ConsoleMode,
  CoverageResponseRow,
  CoverageResult,
  EndpointCoverage,
  SpecCoverage,
} from './types.js'

export interface RenderConsoleOptions {
  readonly mode: ConsoleMode
  /** ANSI colours on the markers. Pass true only for a TTY without `NO_COLOR`. */
  readonly color: boolean
  /**
   * Render the table even when nothing was recorded (a partial run whose every contract test was skipped
   * still shows what the selection left uncovered). Default false: an empty run prints nothing.
   */
  readonly evenWhenEmpty?: boolean
  /** The report's title; default `OpenAPI Contract Test Coverage` (the mock coverage report has its own). */
  readonly title?: string
}

export const LEGEND_LINE =
  'Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type'

/** Appended to the legend when a spec has a response whose every check failed. */
export const LEGEND_CHECK_FAILED = '  ✘=validated, check failed'

const ANSI = {
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  reset: '\u001b[0m',
} as const

const MARKER_COLORS: Readonly<Record<string, string>> = {
  [PLAIN_MARKERS.validated]: ANSI.green,
  [PLAIN_MARKERS.partial]: ANSI.yellow,
  [PLAIN_MARKERS.skipped]: ANSI.yellow,
  [PLAIN_MARKERS.uncovered]: ANSI.red,
  [PLAIN_MARKERS.requestOnly]: ANSI.dim,
  [PLAIN_MARKERS.unexpected]: ANSI.red,
  [PLAIN_MARKERS.checkFailed]: ANSI.red,
}

/**
 * The console coverage report: a header, per spec the `endpoints:` / `responses:` (and, with SDK
 * exercise, `SDK responses:`) lines, the legend, one line per endpoint and, depending on `mode`, one sub-row
 * per response, then the result's `warnings` and `notes`. Text from specs and sidecars is printed with its
 * control characters escaped (`terminalText`), so it cannot add lines or terminal sequences.
 * Returns only the notes (often `''`) when nothing was recorded, unless `evenWhenEmpty` is set.
 *
 * @example
 * process.stdout.write(renderConsole(result, { mode: 'uncovered_only', color: process.stdout.isTTY && !process.env.NO_COLOR }))
 */
export function renderConsole(result: CoverageResult, options: RenderConsoleOptions): string {
  const notes = result.notes.map((line) => `${terminalText(line)}\n`).join('')
  if (result.specs.length === 0 || (!result.hasObservations && options.evenWhenEmpty !== true))
    return notes === '' ? '' : `\n${notes}`
  const paint = (marker: string) =>
    options.color ? `${MARKER_COLORS[marker] ?? ''}${marker}${ANSI.reset}` : marker
  let out = '\n\n'
  const title = options.title ?? 'OpenAPI Contract Test Coverage'
  out += options.color ? `${ANSI.bold}${title}${ANSI.reset}\n` : `${title}\n`
  out += `${'='.repeat(50)}\n`
  for (const spec of result.specs) {
    if (options.mode === 'active_only' && !spec.hasActivity) {
      out += `\n[${terminalText(spec.name)}] no test activity (${spec.totals.endpointTotal} endpoints, ${spec.totals.responseTotal} responses in spec)\n`
      continue
    }
    out += specHeader(spec, result.sdkExerciseEnabled)
    out += `${'-'.repeat(50)}\n`
    out += `${LEGEND_LINE}${spec.totals.responseCheckFailed > 0 ? LEGEND_CHECK_FAILED : ''}\n`
    for (const endpoint of spec.endpoints) out += renderEndpoint(endpoint, options.mode, paint)
    if (result.sdkExerciseEnabled && (options.mode === 'all' || options.mode === 'uncovered_only')) {
      out += renderSdkRows(spec, options.mode, paint)
    }
  }
  const lines = [...result.warnings, ...result.notes].map((line) => `${terminalText(line)}\n`).join('')
  return lines === '' ? `${out}\n` : `${out}\n${lines}`
}

function specHeader(spec: SpecCoverage, sdkExerciseEnabled: boolean): string {
  const t = spec.totals
  let out =
    `\n[${terminalText(spec.name)}] endpoints: ${t.endpointFullyCovered}/${t.endpointTotal} fully covered ` +
    `(${formatPercent(t.endpointFullyCovered, t.endpointTotal)}%), ${t.endpointPartial} partial, ${t.endpointUncovered} uncovered\n`
  out +=
    `        responses: ${t.responseCovered}/${t.responseTotal} covered ` +
    `(${formatPercent(t.responseCovered, t.responseTotal)}%), ${t.responseSkipped} skipped, ${t.responseUncovered} uncovered` +
    `${t.responseCheckFailed > 0 ? `, ${t.responseCheckFailed} with every check failed` : ''}\n`
  if (sdkExerciseEnabled) {
    const s = spec.sdkExercise
    out +=
      `        SDK responses: ${s.responseExercised}/${s.responseTotal} exercised ` +
      `(${formatPercent(s.responseExercised, s.responseTotal)}%), ${s.responseUnexercised} unexercised\n`
  }
  return out
}

function renderEndpoint(
  endpoint: EndpointCoverage,
  mode: ConsoleMode,
  paint: (marker: string) => string,
): string {
  const hasCheckFailed = endpoint.checkFailedResponseCount > 0
  let out = `  ${paint(endpointMarker(endpoint.state, PLAIN_MARKERS, hasCheckFailed))} ${terminalText(endpoint.endpoint)}${summaryTail(endpoint)}\n`
  const showSubRows =
    mode === 'all' || (mode === 'uncovered_only' && (endpoint.state !== 'all-covered' || hasCheckFailed))
  if (!showSubRows) return out
  for (const row of endpoint.responses) {
    if (mode === 'uncovered_only' && row.state === 'validated' && !row.isCheckFailed) continue
    out += `      ${paint(responseMarker(row.state, PLAIN_MARKERS, row.isCheckFailed))} ${columns(row.statusKey, row.contentTypeKey)}${rowTail(row)}\n`
  }
  for (const observation of endpoint.unexpectedObservations) {
    out += `      ${paint(PLAIN_MARKERS.unexpected)} ${columns(observation.statusKey, observation.contentTypeKey)}  unexpected (not in spec)\n`
  }
  return out
}

// Status padded to 5, content type to 32; an overlong content type still keeps one space before the tail.
function columns(rawStatusKey: string, rawContentTypeKey: string): string {
  const statusKey = terminalText(rawStatusKey)
  const contentTypeKey = terminalText(rawContentTypeKey)
  const content = contentTypeKey.length >= 32 ? `${contentTypeKey} ` : contentTypeKey.padEnd(32)
  return `${statusKey.padEnd(5)}  ${content}`
}

function summaryTail(endpoint: EndpointCoverage): string {
  if (endpoint.totalResponseCount === 0) return endpoint.requestReached ? '  (request only)' : ''
  const skipped = endpoint.skippedResponseCount > 0 ? `, ${endpoint.skippedResponseCount} skipped` : ''
  const failed =
    endpoint.checkFailedResponseCount > 0 ? `, ${endpoint.checkFailedResponseCount} check failed` : ''
  return `  (${endpoint.coveredResponseCount}/${endpoint.totalResponseCount} responses${skipped}${failed})`
}

function rowTail(row: CoverageResponseRow): string {
  if (row.isCheckFailed) return `[${row.hits}] check failed`
  if (row.state === 'validated')
    return row.failedHits > 0
      ? `[${row.hits}] ${row.failedHits} ${plural(row.failedHits, 'check')} failed`
      : `[${row.hits}]`
  if (row.state === 'skipped')
    return row.skipReason === null ? 'skipped' : `skipped: ${terminalText(row.skipReason)}`
  return 'uncovered'
}

function renderSdkRows(spec: SpecCoverage, mode: ConsoleMode, paint: (marker: string) => string): string {
  let out = ''
  for (const row of spec.sdkExercise.responses) {
    if (mode === 'uncovered_only' && row.exercised) continue
    const marker = paint(row.exercised ? PLAIN_MARKERS.validated : PLAIN_MARKERS.uncovered)
    out += `  ${marker} ${terminalText(row.endpoint)}  ${terminalText(row.statusKey)}  ${terminalText(row.contentTypeKey)}  ${row.exercised ? `[${row.hits}]` : 'unexercised'}\n`
  }
  for (const row of spec.sdkExercise.unexpectedObservations) {
    out += `  ${paint(PLAIN_MARKERS.unexpected)} ${terminalText(row.endpoint)}  ${terminalText(row.statusKey)}  ${terminalText(row.contentTypeKey)}  unexpected [${row.hits}]\n`
  }
  return out
}
