import { ContractToolError, isObject, type JsonObject } from '@contracttool/kernel'
import { echoValue, jsonTypeOf } from '@contracttool/kernel/internal'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'
import { defineEntry } from './define-entry.js'
import { splitEndpoint } from './observation-keys.js'
import { compareStrings } from './sorted-strings.js'
import type { StateRow } from './strict-policy.js'

// Both states share one tree: `{ version, …, observations: spec → "METHOD path" → "status:contentType" → row }`.
// Only the version, the fields beside `observations` and the rows differ.

/** spec → `"METHOD path"` → `"status:contentType"` → group. */
export type Groups<Group> = Map<string, Map<string, Map<string, Group>>>

/** The `observations` tree of a state, keys sorted so that equal trackers serialise identically. */
export function writeObservations<Group>(
  groups: Groups<Group>,
  writeRow: (group: Group) => unknown,
): Record<string, Record<string, Record<string, unknown>>> {
  const observations: Record<string, Record<string, Record<string, unknown>>> = {}
  for (const [specName, endpoints] of sortedEntries(groups)) {
    const specOut: Record<string, Record<string, unknown>> = {}
    for (const [endpoint, responses] of sortedEntries(endpoints)) {
      const endpointOut: Record<string, unknown> = {}
      for (const [response, group] of sortedEntries(responses)) {
        defineEntry(endpointOut, response, writeRow(group))
      }
      defineEntry(specOut, endpoint, endpointOut)
    }
    defineEntry(observations, specName, specOut)
  }
  return observations
}

/** Entries sorted by key (code-unit order). */
export function sortedEntries<V>(map: ReadonlyMap<string, V>): [string, V][] {
  return [...map.entries()].sort(([a], [b]) => compareStrings(a, b))
}

/** The state as an object whose `version` is `version`; throws malformed / unsupported-version errors. */
export function readStateObject(
  stateName: string,
  state: unknown,
  version: number,
  rejectOtherVersion: (state: JsonObject) => void = () => {},
): JsonObject {
  if (!isObject(state))
    throw malformed(`${stateName} state must be an object; received ${jsonTypeOf(state)}.`)
  if (state.version !== version) {
    rejectOtherVersion(state)
    throw new ContractToolError(
      StrictRequiredErrorCode.StateUnsupportedVersion,
      `Unsupported ${stateName} state version: got ${echoValue(state.version)}, expected ${version}.`,
    )
  }
  return state
}

/** Every row of the `observations` tree, each read by `readRow` (given `<stateName> spec / endpoint / response`). */
export function readObservations<Group>(
  stateName: string,
  observations: unknown,
  readRow: (where: string, response: string, row: unknown, specName: string, endpoint: string) => Group,
): StateRow<Group>[] {
  if (!isObject(observations)) {
    throw malformed(
      `${stateName} state must contain an "observations" object; received ${jsonTypeOf(observations)}.`,
    )
  }
  const rows: StateRow<Group>[] = []
  for (const [specName, endpoints] of Object.entries(observations)) {
    if (!isObject(endpoints)) {
      throw malformed(
        `${stateName} observations of spec '${specName}' must be an object keyed by "METHOD path".`,
      )
    }
    for (const [endpoint, responses] of Object.entries(endpoints)) {
      if (splitEndpoint(endpoint) === undefined || !isObject(responses)) {
        throw malformed(
          `${stateName} ${specName} / ${echoValue(endpoint)} must be keyed by "METHOD path" and hold an object keyed by "status:contentType".`,
        )
      }
      for (const [response, row] of Object.entries(responses)) {
        const where = `${stateName} ${specName} / ${endpoint} / ${response}`
        rows.push({ specName, endpoint, response, group: readRow(where, response, row, specName, endpoint) })
      }
    }
  }
  return rows
}

/** A count read from a state: a safe integer of at least `min`. */
export function isCount(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min
}

export function malformed(message: string): ContractToolError {
  return new ContractToolError(StrictRequiredErrorCode.StateMalformed, message)
}
