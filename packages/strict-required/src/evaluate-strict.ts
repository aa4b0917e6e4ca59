import { ContractToolError } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  ADDITIONAL_PROPERTIES_GATE,
  ADDITIONAL_PROPERTIES_POLICY,
} from './internal/additional-properties-policy.js'
import { indexSpecs } from './internal/index-specs.js'
import { type ModeLabels, parseMode } from './internal/parse-mode.js'
import { renderStepSummary } from './internal/render-step-summary.js'
import { REQUIRED_GATE, REQUIRED_POLICY } from './internal/required-policy.js'
import type { GateOptions, RunGate } from './internal/strict-policy.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from './strict-tracker.js'
import type {
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesOutcome,
  StrictRequiredMode,
  StrictRequiredOutcome,
} from './types.js'

/** Options of `evaluateStrictRequired`. */
export interface EvaluateStrictRequiredOptions {
  /** Replaces the text after `Configuration: ` in the diagnostic block (where the caller's users set the mode). */
  readonly configurationHint?: string
  /** How the Action line names turning the gate off, in the caller's own option syntax (default `` `strict_required = off` ``). */
  readonly offSetting?: string
}

/** Options of `evaluateStrictAdditionalProperties`. */
export interface EvaluateStrictAdditionalPropertiesOptions {
  /** How the Action line names turning the report off, in the caller's own option syntax (default `` `strict_additional_properties = off` ``). */
  readonly offSetting?: string
}

type Specs = ReadonlyMap<string, LoadedSpec> | readonly LoadedSpec[]

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
  specs: Specs,
  tracker: StrictRequiredTracker,
  mode: StrictRequiredMode,
  options: EvaluateStrictRequiredOptions = {},
): StrictRequiredOutcome {
  return evaluateGate(REQUIRED_POLICY, REQUIRED_GATE, specs, tracker, mode, options)
}

/**
 * The run-level strict-additional-properties gate: reports every response property that a successful
 * response returned and its schema does not document. Findings are confirmed against the live specs (a
 * property the spec now declares, or an object it now documents as open, is dropped; findings of specs not
 * given are kept as recorded). Partial runs may still report: one observation suffices. In `fail` mode
 * findings yield `exitCode: 1`.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 * @example
 * const outcome = evaluateStrictAdditionalProperties([spec], tracker, 'warn')
 * if (outcome.message !== '') process.stderr.write(`${outcome.message}\n`)
 */
export function evaluateStrictAdditionalProperties(
  specs: Specs,
  tracker: StrictAdditionalPropertiesTracker,
  mode: StrictAdditionalPropertiesMode,
  options: EvaluateStrictAdditionalPropertiesOptions = {},
): StrictAdditionalPropertiesOutcome {
  const { reports, message, exitCode, stepSummary } = evaluateGate(
    ADDITIONAL_PROPERTIES_POLICY,
    ADDITIONAL_PROPERTIES_GATE,
    specs,
    tracker,
    mode,
    options,
  )
  return { reports, message, exitCode, stepSummary }
}

// The frame both gates share: arguments checked, mode read, reports rendered for stderr and the step summary.
function evaluateGate<Tracker, Report>(
  labels: ModeLabels,
  gate: RunGate<Tracker, Report>,
  specs: Specs,
  tracker: Tracker,
  mode: unknown,
  options: GateOptions,
): {
  readonly reports: readonly Report[]
  readonly notes: readonly string[]
  readonly message: string
  readonly exitCode: 0 | 1
  readonly stepSummary: string
} {
  const bySpec = indexSpecs(specs, gate.caller)
  if (!gate.isTracker(tracker)) {
    throw new ContractToolError(
      StrictRequiredErrorCode.InvalidArgument,
      `${gate.caller}() expects a ${gate.trackerName} as its second argument.`,
    )
  }
  const nothing = { reports: [], notes: [], message: '', exitCode: 0, stepSummary: '' } as const
  const parsedMode = parseMode(labels, 'run', mode, 'mode')
  if (parsedMode === 'off') return nothing
  const { reports, notes } = gate.findReports(tracker, bySpec)
  if (reports.length === 0) return { ...nothing, notes }
  const isFatal = parsedMode === 'fail'
  const message = gate.renderMessage(reports, isFatal, options)
  const [heading, lead] = isFatal ? gate.summary.fatal : gate.summary.warn
  return {
    reports,
    notes,
    message,
    exitCode: isFatal ? 1 : 0,
    stepSummary: renderStepSummary(heading, lead, message),
  }
}
