import { isObject, type JsonObject } from '@contracttool/kernel'
import { echoValue, terminalText } from '@contracttool/kernel/internal'
import type {
  StrictAdditionalPropertiesReport,
  StrictAdditionalPropertiesStateRow,
  StrictAdditionalPropertiesStateV1,
} from '../types.js'
import { defineEntry } from './define-entry.js'
import { findUndeclaredProperties, isStillUndeclared } from './find-undeclared-properties.js'
import { splitResponse } from './observation-keys.js'
import { parsePointer } from './pointer.js'
import { ViewCache } from './properties-view.js'
import { SchemaAnalyses } from './schema-analyses.js'
import type { RunGate, StrictPolicy } from './strict-policy.js'
import { isCount, malformed, readObservations, readStateObject, sortedEntries } from './strict-state.js'

interface Finding {
  readonly property: string
  hits: number
}

/** Undocumented properties of one (spec, endpoint, response), by instance pointer. */
export type AdditionalPropertiesGroup = Map<string, Finding>

/** A response schema with the memoised views the walk reads it through. */
export interface UndeclaredAnalysis {
  readonly views: ViewCache
  readonly schema: JsonObject
}

const STATE_VERSION = 1
const PER_CALL_PREFIX = '[OpenAPI Strict Additional Properties per-call]'

/**
 * Strict additional properties: properties a response returned that its schema does not document. One
 * observation suffices, so every response is inspected against its schema when it is recorded, and the state
 * counts the inspected responses beside the findings (a response with nothing undocumented leaves no row).
 */
export const ADDITIONAL_PROPERTIES_POLICY: StrictPolicy<
  AdditionalPropertiesGroup,
  UndeclaredAnalysis,
  StrictAdditionalPropertiesStateV1
> = {
  stateName: 'strict_additional_properties',
  prefix: '[OpenAPI Strict Additional Properties]',
  perCallPrefix: PER_CALL_PREFIX,
  perCallSubject: 'undocumented-property detection',
  perCallFailRejection: (source) =>
    `${source} does not support 'fail': per-call mode is warn-only by design. To fail tests on per-call ` +
    `findings, turn ContractToolWarning warnings into test failures (see the @contracttool/strict-required ` +
    `README, "Per-call mode"); for an aggregate gate that fails the run, use strictAdditionalProperties: 'fail'.`,

  analyse: (spec, schema) => ({ views: new ViewCache(spec), schema }),

  // Only responses with a resolvable schema are inspected.
  observe(body, analysis) {
    const found = analysis()
    if (found === undefined) return undefined
    const group: AdditionalPropertiesGroup = new Map()
    for (const [pointer, property] of findUndeclaredProperties(found.views, found.schema, body)) {
      group.set(pointer, { property, hits: 1 })
    }
    return group
  },

  hasRow: (group) => group.size > 0,

  merge(group, incoming) {
    for (const [pointer, finding] of incoming) {
      const existing = group.get(pointer)
      if (existing === undefined) group.set(pointer, { ...finding })
      else existing.hits += finding.hits
    }
  },

  overflowAt(group, incoming) {
    for (const [pointer, finding] of incoming) {
      const existing = group.get(pointer)
      if (existing !== undefined && !Number.isSafeInteger(existing.hits + finding.hits))
        return ` / ${pointer}`
    }
    return undefined
  },

  writeRow(group) {
    const row: Record<string, StrictAdditionalPropertiesStateRow> = {}
    for (const [pointer, { property, hits }] of sortedEntries(group))
      defineEntry(row, pointer, { property, hits })
    return row
  },

  writeState: (evaluations, observations) =>
    ({ version: STATE_VERSION, evaluations, observations }) as StrictAdditionalPropertiesStateV1,

  readState(state) {
    const valid = readStateObject('strict_additional_properties', state, STATE_VERSION)
    const { evaluations } = valid
    if (!isCount(evaluations, 0)) {
      throw malformed(
        `strict_additional_properties state "evaluations" must be a non-negative integer; received ${echoValue(evaluations)}.`,
      )
    }
    return {
      evaluations,
      rows: readObservations('strict_additional_properties', valid.observations, readRow),
    }
  },

  checkResponse(analysis, { keys }, body) {
    const findings = sortedEntries(findUndeclaredProperties(analysis.views, analysis.schema, body))
    if (findings.length === 0) return { notes: [] }
    const count = findings.length
    const warning = [
      // The pointers and names come from the response body, the path from the spec: either may hold anything.
      `${PER_CALL_PREFIX} WARN: ${keys.method} ${terminalText(keys.path)}  ${keys.statusKey}  ${terminalText(keys.contentType)} returned ${count} undocumented response ${count === 1 ? 'property' : 'properties'}:`,
      ...findings.map(([pointer, property]) => `  - ${terminalText(pointer)} (${terminalText(property)})`),
      'Action: declare the properties, explicitly document the object as open, or set strict_additional_properties_per_call=off.',
    ].join('\n')
    return { warning, notes: [] }
  },
}

/** What the gate reads of a `StrictAdditionalPropertiesTracker`. */
interface AdditionalPropertiesFindings {
  listFindings(): readonly StrictAdditionalPropertiesReport[]
}

/**
 * The run-level strict-additional-properties gate. Findings are confirmed against the live specs: a property
 * the spec now declares, or an object it now documents as open, is dropped; findings of specs not given, or
 * of responses the spec no longer documents, are kept as recorded.
 */
export const ADDITIONAL_PROPERTIES_GATE: RunGate<
  AdditionalPropertiesFindings,
  StrictAdditionalPropertiesReport
> = {
  caller: 'evaluateStrictAdditionalProperties',
  trackerName: 'StrictAdditionalPropertiesTracker',
  isTracker: (value): value is AdditionalPropertiesFindings =>
    typeof (value as Partial<AdditionalPropertiesFindings> | null)?.listFindings === 'function',

  findReports(tracker, specs) {
    const analyses = new SchemaAnalyses(ADDITIONAL_PROPERTIES_POLICY.analyse)
    const reports = tracker.listFindings().filter((finding) => {
      const spec = specs.get(finding.specName)
      const analysis = spec === undefined ? undefined : analyses.of(spec, finding)
      return (
        analysis === undefined ||
        isStillUndeclared(analysis.views, analysis.schema, finding.pointer, finding.property)
      )
    })
    return { reports, notes: [] }
  },

  renderMessage(reports, isFatal, options) {
    const count = reports.length
    const header = `[OpenAPI Strict Additional Properties] ${isFatal ? 'FATAL' : 'WARNING'}: ${count} undocumented response ${count === 1 ? 'property was' : 'properties were'} observed.`
    const rows = reports.map(
      // Property names come from responses: control characters are escaped, one line per property.
      (r) =>
        terminalText(
          `  - ${r.pointer} (${r.property}) — spec '${r.specName}', ${r.method} ${r.path}, ${r.statusKey}, ${r.contentType}; observed in ${r.hits} response(s)`,
        ),
    )
    return [
      header,
      '',
      ...rows,
      '',
      `Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set ${options.offSetting ?? '`strict_additional_properties = off`'}.`,
    ].join('\n')
  },

  summary: {
    fatal: [
      '## :rotating_light: FATAL OpenAPI undocumented response properties',
      'strict_additional_properties found undocumented response fields and the test run was aborted.',
    ],
    warn: [
      '## :warning: OpenAPI undocumented response properties',
      'strict_additional_properties found undocumented response fields (warn-only).',
    ],
  },
}

function readRow(where: string, response: string, pointers: unknown): AdditionalPropertiesGroup {
  if (splitResponse(response) === undefined || !isObject(pointers)) {
    throw malformed(`${where} must be keyed by "status:contentType" and hold an object keyed by pointer.`)
  }
  const group: AdditionalPropertiesGroup = new Map()
  for (const [pointer, row] of Object.entries(pointers)) {
    if (!isObject(row) || typeof row.property !== 'string') {
      throw malformed(`${where} / ${pointer} must be an object with a "property" name and "hits".`)
    }
    // The pointer ends with the property itself, so one pointer can never name two properties.
    const last = parsePointer(pointer)?.at(-1)
    if (last?.kind !== 'property' || last.name !== row.property) {
      throw malformed(
        `${where}: pointer ${echoValue(pointer)} does not end with property ${echoValue(row.property)}.`,
      )
    }
    if (!isCount(row.hits, 1)) {
      throw malformed(`${where} / ${pointer} requires integer hits >= 1; received ${echoValue(row.hits)}.`)
    }
    group.set(pointer, { property: row.property, hits: row.hits })
  }
  return group
}
