import {
  ContractToolError,
  type LoadedSpec,
  escapeControlCharacters as safe,
} from '@contracttool/spec-loader'
import { isStillUndeclared } from './internal/find-undeclared-properties.js'
import { getOrCreate } from './internal/get-or-create.js'
import { indexSpecs } from './internal/index-specs.js'
import { parseMode } from './internal/parse-mode.js'
import { ViewCache } from './internal/properties-view.js'
import { renderStepSummary } from './internal/render-step-summary.js'
import { resolveResponseSchema } from './internal/resolve-response-schema.js'
import type { StrictAdditionalPropertiesTracker } from './strict-additional-properties-tracker.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type {
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesOutcome,
  StrictAdditionalPropertiesReport,
} from './types.js'

/** Options of `evaluateStrictAdditionalProperties`. */
export interface EvaluateStrictAdditionalPropertiesOptions {
  /** How the Action line names turning the report off, in the caller's own option syntax (default `` `strict_additional_properties = off` ``). */
  readonly offSetting?: string
}

const NOTHING: StrictAdditionalPropertiesOutcome = { reports: [], message: '', exitCode: 0, stepSummary: '' }

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
  specs: ReadonlyMap<string, LoadedSpec> | readonly LoadedSpec[],
  tracker: StrictAdditionalPropertiesTracker,
  mode: StrictAdditionalPropertiesMode,
  options: EvaluateStrictAdditionalPropertiesOptions = {},
): StrictAdditionalPropertiesOutcome {
  const bySpec = indexSpecs(specs, 'evaluateStrictAdditionalProperties')
  // Duck-typed rather than `instanceof`: the ESM and CJS builds of this package are distinct classes.
  if (typeof (tracker as Partial<StrictAdditionalPropertiesTracker> | null)?.listFindings !== 'function') {
    throw new ContractToolError(
      StrictRequiredErrorCode.InvalidArgument,
      'evaluateStrictAdditionalProperties() expects a StrictAdditionalPropertiesTracker as its second argument.',
    )
  }
  const parsedMode = parseMode(mode, {
    prefix: '[OpenAPI Strict Additional Properties]',
    source: 'mode',
    accepted: ['off', 'warn', 'fail'],
  })
  if (parsedMode === 'off') return NOTHING

  const views = new Map<LoadedSpec, ViewCache>()
  const reports = tracker.listFindings().filter((finding) => {
    const spec = bySpec.get(finding.specName)
    if (spec === undefined) return true
    const schema = resolveResponseSchema(
      spec,
      finding.method,
      finding.path,
      finding.statusKey,
      finding.contentType,
    )
    if (schema === undefined) return true
    const cache = getOrCreate(views, spec, () => new ViewCache(spec))
    return isStillUndeclared(cache, schema, finding.pointer, finding.property)
  })
  if (reports.length === 0) return NOTHING

  const isFatal = parsedMode === 'fail'
  const message = renderMessage(
    reports,
    isFatal,
    options.offSetting ?? '`strict_additional_properties = off`',
  )
  const stepSummary = isFatal
    ? renderStepSummary(
        '## :rotating_light: FATAL OpenAPI undocumented response properties',
        'strict_additional_properties found undocumented response fields and the test run was aborted.',
        message,
      )
    : renderStepSummary(
        '## :warning: OpenAPI undocumented response properties',
        'strict_additional_properties found undocumented response fields (warn-only).',
        message,
      )
  return { reports, message, exitCode: isFatal ? 1 : 0, stepSummary }
}

function renderMessage(
  reports: readonly StrictAdditionalPropertiesReport[],
  isFatal: boolean,
  offSetting: string,
): string {
  const count = reports.length
  const header = `[OpenAPI Strict Additional Properties] ${isFatal ? 'FATAL' : 'WARNING'}: ${count} undocumented response ${count === 1 ? 'property was' : 'properties were'} observed.`
  const rows = reports.map(
    // Property names come from responses: control characters are escaped, one line per property.
    (r) =>
      safe(
        `  - ${r.pointer} (${r.property}) — spec '${r.specName}', ${r.method} ${r.path}, ${r.statusKey}, ${r.contentType}; observed in ${r.hits} response(s)`,
      ),
  )
  return [
    header,
    '',
    ...rows,
    '',
    `Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set ${offSetting}.`,
  ].join('\n')
}
