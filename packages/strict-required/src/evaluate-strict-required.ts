import {
  ContractToolError,
  type LoadedSpec,
  escapeControlCharacters as safe,
} from '@contracttool/spec-loader'
import { indexSpecs } from './internal/index-specs.js'
import { parseMode } from './internal/parse-mode.js'
import { displayPointer } from './internal/pointer.js'
import { renderStepSummary } from './internal/render-step-summary.js'
import { RequiredAnalysis } from './internal/required-analysis.js'
import { resolveResponseSchema } from './internal/resolve-response-schema.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type { StrictRequiredTracker } from './strict-required-tracker.js'
import type { StrictRequiredMode, StrictRequiredOutcome, StrictRequiredReport } from './types.js'

/** Options of `evaluateStrictRequired`. */
export interface EvaluateStrictRequiredOptions {
  /** Replaces the text after `Configuration: ` in the diagnostic block (where the caller's users set the mode). */
  readonly configurationHint?: string
  /** How the Action line names turning the gate off, in the caller's own option syntax (default `` `strict_required = off` ``). */
  readonly offSetting?: string
}

const DEFAULT_CONFIGURATION_HINT =
  "contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) in vitest.config, or --strict-required=<mode> for contracttool coverage:merge"

// A single observation proves nothing about "always": groups seen fewer times are skipped silently.
const MIN_HITS = 2

const NOTHING: StrictRequiredOutcome = { reports: [], notes: [], message: '', exitCode: 0, stepSummary: '' }

/**
 * The run-level strict-required gate. Compares what every successful response of a (spec, endpoint,
 * response) carried against the live response schema: drift is the set of keys present every time,
 * declared in the node's `properties`, and missing from its `required` (both unioned over `allOf`). Groups
 * with fewer than 2 observations are skipped; pointers under `anyOf`/`oneOf` and unresolvable schemas become
 * NOTEs; map-shaped nodes (`additionalProperties` without `properties`) are excluded with everything below.
 * `off` evaluates nothing. In `fail` mode drift yields `exitCode: 1`. The caller prints `notes` and
 * `message` to stderr and appends `stepSummary` to `$GITHUB_STEP_SUMMARY`.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 * @example
 * const outcome = evaluateStrictRequired([spec], tracker, 'warn')
 * for (const note of outcome.notes) process.stderr.write(`${note}\n`)
 * if (outcome.message !== '') process.stderr.write(`${outcome.message}\n`)
 */
export function evaluateStrictRequired(
  specs: ReadonlyMap<string, LoadedSpec> | readonly LoadedSpec[],
  tracker: StrictRequiredTracker,
  mode: StrictRequiredMode,
  options: EvaluateStrictRequiredOptions = {},
): StrictRequiredOutcome {
  const bySpec = indexSpecs(specs, 'evaluateStrictRequired')
  // Duck-typed rather than `instanceof`: the ESM and CJS builds of this package are distinct classes.
  if (typeof (tracker as Partial<StrictRequiredTracker> | null)?.listObservations !== 'function') {
    throw new ContractToolError(
      StrictRequiredErrorCode.InvalidArgument,
      'evaluateStrictRequired() expects a StrictRequiredTracker as its second argument.',
    )
  }
  const parsedMode = parseMode(mode, {
    prefix: '[OpenAPI Strict Required]',
    source: 'mode',
    accepted: ['off', 'warn', 'fail'],
  })
  if (parsedMode === 'off') return NOTHING

  const reports: StrictRequiredReport[] = []
  const unresolved: string[] = []
  const disjunctions: string[] = []
  for (const group of tracker.listObservations()) {
    if (group.hits < MIN_HITS) continue
    const endpoint = `${group.method} ${group.path}`
    const response = `${group.statusKey}:${group.contentType}`
    const groupId = `${group.specName} :: ${endpoint} :: ${response}`
    const spec = bySpec.get(group.specName)
    if (spec === undefined) {
      unresolved.push(`${groupId} (spec '${group.specName}' is not loaded)`)
      continue
    }
    const schema = resolveResponseSchema(spec, group.method, group.path, group.statusKey, group.contentType)
    if (schema === undefined) {
      unresolved.push(groupId)
      continue
    }
    const analysis = new RequiredAnalysis(spec, schema)
    for (const [pointer, observed] of group.pointers) {
      const lookup = analysis.lookup(pointer)
      if (lookup.kind === 'disjunction') {
        disjunctions.push(`${groupId}:${pointer} (${lookup.reason} at ${displayPointer(lookup.at)})`)
        continue
      }
      if (lookup.kind !== 'known') continue
      const missing = observed.filter((key) => lookup.declared.has(key) && !lookup.required.has(key))
      if (missing.length === 0) continue
      reports.push({
        specName: group.specName,
        method: group.method,
        path: group.path,
        statusKey: group.statusKey,
        contentType: group.contentType,
        pointer,
        hits: group.hits,
        missingFromRequired: missing,
      })
    }
  }

  const notes: string[] = []
  if (unresolved.length > 0) {
    notes.push(
      `[OpenAPI Strict Required] NOTE: ${unresolved.length} observation group(s) had no matching response schema; skipped from drift detection:\n${bullets(unresolved)}`,
    )
  }
  if (disjunctions.length > 0) {
    notes.push(
      `[OpenAPI Strict Required] NOTE: ${disjunctions.length} observation pointer(s) landed on disjunction (anyOf/oneOf) schema nodes; skipped from drift detection because \`required\` is not safely AND-mergeable across disjunctions. Pin the shape with \`allOf\` if you need strict_required coverage there:\n${bullets(disjunctions)}`,
    )
  }
  if (reports.length === 0) return { ...NOTHING, notes }

  const isFatal = parsedMode === 'fail'
  const message = renderMessage(
    reports,
    isFatal,
    options.configurationHint ?? DEFAULT_CONFIGURATION_HINT,
    options.offSetting ?? '`strict_required = off`',
  )
  const stepSummary = isFatal
    ? renderStepSummary(
        '## :rotating_light: FATAL OpenAPI strict_required drift',
        'strict_required detected schema under-description and the test run was aborted.',
        message,
      )
    : renderStepSummary(
        '## :warning: OpenAPI strict_required drift',
        'strict_required detected schema under-description (warn-only).',
        message,
      )
  return { reports, notes, message, exitCode: isFatal ? 1 : 0, stepSummary }
}

function renderMessage(
  reports: readonly StrictRequiredReport[],
  isFatal: boolean,
  configurationHint: string,
  offSetting: string,
): string {
  const header = `[OpenAPI Strict Required] ${isFatal ? 'FATAL' : 'WARNING'}: ${reports.length} endpoint response(s) have always-present fields missing from \`required\`.`
  const bodies = reports.map((report) =>
    [
      // Keys and pointers come from responses: control characters are escaped, one line each.
      safe(`  ${report.method} ${report.path}  ${report.statusKey}  ${report.contentType}:${report.pointer}`),
      `    Observed in ${report.hits} response(s); the following keys appeared every time but are not declared in \`required\`:`,
      ...report.missingFromRequired.map((key) => `      - ${safe(key)}`),
    ].join('\n'),
  )
  return [
    header,
    '',
    bodies.join('\n\n'),
    '',
    `Action: add these fields to the response schema's \`required\` array, or set ${offSetting} if intentional.`,
    `Configuration: ${configurationHint}`,
  ].join('\n')
}

function bullets(lines: readonly string[]): string {
  return lines.map((line) => `  - ${safe(line)}`).join('\n')
}
