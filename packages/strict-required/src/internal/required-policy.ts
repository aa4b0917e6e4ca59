import { ContractToolError, isObject, type JsonObject } from '@contracttool/kernel'
import { echoValue, jsonTypeOf, terminalText } from '@contracttool/kernel/internal'
import { collectObservedKeys } from '../collect-observed-keys.js'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'
import type {
  StrictRequiredObservation,
  StrictRequiredReport,
  StrictRequiredStateRow,
  StrictRequiredStateV2,
} from '../types.js'
import { defineEntry } from './define-entry.js'
import { splitResponse } from './observation-keys.js'
import { displayPointer, parsePointer } from './pointer.js'
import { RequiredAnalysis } from './required-analysis.js'
import { SchemaAnalyses } from './schema-analyses.js'
import { intersectSorted, sortUnique } from './sorted-strings.js'
import type { RunGate, StrictPolicy } from './strict-policy.js'
import { isCount, malformed, readObservations, readStateObject, sortedEntries } from './strict-state.js'

/** What the responses of one (spec, endpoint, response) had in common. */
export interface RequiredGroup {
  hits: number
  // Pointer → keys present in every response so far (sorted, unique).
  readonly pointers: Map<string, readonly string[]>
}

const STATE_VERSION = 2
const PER_CALL_PREFIX = '[OpenAPI Strict Required per-call]'

/**
 * Strict required: keys a response always carries that its schema declares but does not require. The
 * tracker intersects key lists per pointer and counts hits; it needs no schema until the run is evaluated.
 */
export const REQUIRED_POLICY: StrictPolicy<RequiredGroup, RequiredAnalysis, StrictRequiredStateV2> = {
  stateName: 'strict_required',
  prefix: '[OpenAPI Strict Required]',
  perCallPrefix: PER_CALL_PREFIX,
  perCallSubject: 'drift detection',
  perCallFailRejection: (source) =>
    `${source} does not support 'fail': per-call mode is warn-only by design, because it warns on every legitimately ` +
    `optional field present in a single response. To fail tests on per-call drift, turn ContractToolWarning ` +
    `warnings into test failures (see the @contracttool/strict-required README, "Per-call mode"); for an ` +
    `aggregate gate that fails the run, use strictRequired: 'fail'.`,

  analyse: (spec, schema) => new RequiredAnalysis(spec, schema),

  // Scalar, null and absent bodies are not observations.
  observe: (body) =>
    typeof body === 'object' && body !== null
      ? { hits: 1, pointers: new Map(collectObservedKeys(body)) }
      : undefined,

  hasRow: () => true,

  // Hits add up; a pointer missing on either side is dropped.
  merge(group, incoming) {
    group.hits += incoming.hits
    for (const [pointer, keys] of group.pointers) {
      const other = incoming.pointers.get(pointer)
      if (other === undefined) group.pointers.delete(pointer)
      else group.pointers.set(pointer, intersectSorted(keys, other))
    }
  },

  overflowAt: (group, incoming) => (Number.isSafeInteger(group.hits + incoming.hits) ? undefined : ''),

  writeRow(group): StrictRequiredStateRow {
    const pointers: Record<string, readonly string[]> = {}
    for (const [pointer, keys] of sortedEntries(group.pointers)) defineEntry(pointers, pointer, [...keys])
    return { hits: group.hits, pointers }
  },

  writeState: (_evaluations, observations) =>
    ({ version: STATE_VERSION, observations }) as StrictRequiredStateV2,

  // The v2 format does not carry the number of responses: each one is a hit of exactly one row.
  readState(state) {
    const valid = readStateObject('strict_required', state, STATE_VERSION, (other) => {
      const v1 = findV1Row(other.observations)
      if (v1 !== undefined) throw v1Rejected(v1)
    })
    const rows = readObservations('strict_required', valid.observations, readRow)
    return { evaluations: rows.reduce((sum, row) => sum + row.group.hits, 0), rows }
  },

  checkResponse(analysis, { spec, keys, where }, body, noteOnce) {
    const notes: string[] = []
    const lines: string[] = []
    let total = 0
    for (const [pointer, observed] of collectObservedKeys(body)) {
      const lookup = analysis.lookup(pointer)
      if (lookup.kind === 'disjunction') {
        const note = noteOnce(
          `disjunction\u0000${spec.name}\u0000${keys.endpoint}\u0000${keys.response}\u0000${lookup.at}`,
          `${PER_CALL_PREFIX} NOTE: ${terminalText(where)} observation at pointer '${terminalText(pointer)}' is covered by ${lookup.reason} at '${displayPointer(lookup.at)}'; per-call drift detection skipped because \`required\` has no AND-semantic across disjunctions. Pin the shape with \`allOf\` if you need per-call coverage here.`,
        )
        if (note !== undefined) notes.push(note)
        continue
      }
      if (lookup.kind !== 'known') continue
      const optional = observed.filter((key) => lookup.declared.has(key) && !lookup.required.has(key))
      if (optional.length === 0) continue
      total += optional.length
      // Pointers and keys come from the response body: either may hold anything.
      lines.push(`  ${terminalText(pointer)} : ${optional.map(terminalText).join(', ')}`)
    }
    if (lines.length === 0) return { notes }
    const warning = [
      `${PER_CALL_PREFIX} WARN: ${keys.method} ${terminalText(keys.path)}  ${keys.statusKey}  ${terminalText(keys.contentType)}: response carries ${total} optional field(s) not declared in \`required\` at the matching schema pointer(s):`,
      ...lines,
      "Action: add these fields to the schema's `required` array, or set strict_required_per_call=off if intentional.",
      'Note: per-call mode warns on every legitimately-optional field present in this single observation. See the @contracttool/strict-required README, "Per-call mode", for the trade-off.',
    ].join('\n')
    return { warning, notes }
  },
}

const DEFAULT_CONFIGURATION_HINT =
  "contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) in vitest.config, or --strict-required=<mode> for contracttool coverage:merge"

// A single observation proves nothing about "always": groups seen fewer times are skipped silently.
const MIN_HITS = 2

/** What the gate reads of a `StrictRequiredTracker`. */
interface RequiredObservations {
  listObservations(): readonly StrictRequiredObservation[]
}

/**
 * The run-level strict-required gate: drift is the set of keys present every time, declared in the node's
 * `properties`, and missing from its `required` (both unioned over `allOf`).
 */
export const REQUIRED_GATE: RunGate<RequiredObservations, StrictRequiredReport> = {
  caller: 'evaluateStrictRequired',
  trackerName: 'StrictRequiredTracker',
  isTracker: (value): value is RequiredObservations =>
    typeof (value as Partial<RequiredObservations> | null)?.listObservations === 'function',

  findReports(tracker, specs) {
    const analyses = new SchemaAnalyses(REQUIRED_POLICY.analyse)
    const reports: StrictRequiredReport[] = []
    const unresolved: string[] = []
    const disjunctions: string[] = []
    for (const group of tracker.listObservations()) {
      if (group.hits < MIN_HITS) continue
      const groupId = `${group.specName} :: ${group.method} ${group.path} :: ${group.statusKey}:${group.contentType}`
      const spec = specs.get(group.specName)
      if (spec === undefined) {
        unresolved.push(`${groupId} (spec '${group.specName}' is not loaded)`)
        continue
      }
      const analysis = analyses.of(spec, group)
      if (analysis === undefined) {
        unresolved.push(groupId)
        continue
      }
      for (const [pointer, observed] of group.pointers) {
        const lookup = analysis.lookup(pointer)
        if (lookup.kind === 'disjunction') {
          disjunctions.push(`${groupId}:${pointer} (${lookup.reason} at ${displayPointer(lookup.at)})`)
          continue
        }
        if (lookup.kind !== 'known') continue
        const missing = observed.filter((key) => lookup.declared.has(key) && !lookup.required.has(key))
        if (missing.length === 0) continue
        const { specName, method, path, statusKey, contentType, hits } = group
        reports.push({
          specName,
          method,
          path,
          statusKey,
          contentType,
          pointer,
          hits,
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
    return { reports, notes }
  },

  renderMessage(reports, isFatal, options) {
    const header = `[OpenAPI Strict Required] ${isFatal ? 'FATAL' : 'WARNING'}: ${reports.length} endpoint response(s) have always-present fields missing from \`required\`.`
    const bodies = reports.map((report) =>
      [
        // Keys and pointers come from responses: control characters are escaped, one line each.
        terminalText(
          `  ${report.method} ${report.path}  ${report.statusKey}  ${report.contentType}:${report.pointer}`,
        ),
        `    Observed in ${report.hits} response(s); the following keys appeared every time but are not declared in \`required\`:`,
        ...report.missingFromRequired.map((key) => `      - ${terminalText(key)}`),
      ].join('\n'),
    )
    return [
      header,
      '',
      bodies.join('\n\n'),
      '',
      `Action: add these fields to the response schema's \`required\` array, or set ${options.offSetting ?? '`strict_required = off`'} if intentional.`,
      `Configuration: ${options.configurationHint ?? DEFAULT_CONFIGURATION_HINT}`,
    ].join('\n')
  },

  summary: {
    fatal: [
      '## :rotating_light: FATAL OpenAPI strict_required drift',
      'strict_required detected schema under-description and the test run was aborted.',
    ],
    warn: [
      '## :warning: OpenAPI strict_required drift',
      'strict_required detected schema under-description (warn-only).',
    ],
  },
}

function bullets(lines: readonly string[]): string {
  return lines.map((line) => `  - ${terminalText(line)}`).join('\n')
}

function readRow(
  where: string,
  response: string,
  row: unknown,
  specName: string,
  endpoint: string,
): RequiredGroup {
  if (splitResponse(response) === undefined) {
    throw malformed(`${where}: the response key must read "status:contentType".`)
  }
  if (!isObject(row))
    throw malformed(`${where} must be an object with "hits" and "pointers"; received ${jsonTypeOf(row)}.`)
  if (Object.hasOwn(row, 'alwaysPresent')) throw v1Rejected({ specName, endpoint, response })
  const hits = row.hits
  if (!isCount(hits, 1)) {
    throw malformed(`${where} requires integer hits >= 1; received ${echoValue(hits)}.`)
  }
  if (!isObject(row.pointers)) {
    throw malformed(`${where} must carry "pointers" as an object; received ${jsonTypeOf(row.pointers)}.`)
  }
  const pointers = new Map<string, readonly string[]>()
  for (const [pointer, keys] of Object.entries(row.pointers)) {
    if (parsePointer(pointer) === undefined) {
      throw malformed(
        `${where}: ${echoValue(pointer)} is not a strict_required pointer (expected "/", "/name" or "[*]" steps).`,
      )
    }
    if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string')) {
      throw malformed(`${where}: pointer ${pointer} must list keys as an array of strings.`)
    }
    pointers.set(pointer, sortUnique(keys as string[]))
  }
  return { hits, pointers }
}

interface RowLocation {
  readonly specName: string
  readonly endpoint: string
  readonly response: string
}

// Looks for a v1 row anywhere, tolerating any shape, to name it in the rejection.
function findV1Row(observations: unknown): RowLocation | undefined {
  if (!isObject(observations)) return undefined
  for (const [specName, endpoints] of Object.entries(observations)) {
    if (!isObject(endpoints)) continue
    for (const [endpoint, responses] of Object.entries(endpoints)) {
      if (!isObject(responses)) continue
      for (const [response, row] of Object.entries(responses as JsonObject)) {
        if (isObject(row) && Object.hasOwn(row, 'alwaysPresent')) return { specName, endpoint, response }
      }
    }
  }
  return undefined
}

function v1Rejected({ specName, endpoint, response }: RowLocation): ContractToolError {
  return new ContractToolError(
    StrictRequiredErrorCode.StateV1Rejected,
    `strict_required ${specName} / ${endpoint} / ${response} carries v1 "alwaysPresent" field; state format v2 expects "pointers" map. Upgrade every worker to the same contracttool version.`,
    { specName },
  )
}
