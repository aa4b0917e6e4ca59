import { ContractToolError } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { collectObservedKeys } from './collect-observed-keys.js'
import { defineEntry } from './internal/define-entry.js'
import { getOrCreate } from './internal/get-or-create.js'
import { observationKeysOf, splitEndpoint, splitResponse } from './internal/observation-keys.js'
import { parseStrictRequiredState } from './internal/parse-strict-required-state.js'
import { compareStrings, compareTuples, intersectSorted } from './internal/sorted-strings.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type {
  ObservedPointers,
  StrictRequiredObservation,
  StrictRequiredStateRow,
  StrictRequiredStateV2,
} from './types.js'

interface Group {
  hits: number
  // Pointer → keys present in every response so far (sorted, unique).
  readonly pointers: Map<string, readonly string[]>
}

// spec → `"METHOD path"` → `"status:contentType"` → group.
type Groups = Map<string, Map<string, Map<string, Group>>>

/**
 * Keeps, per (spec, endpoint, response), the keys every successful response carried at every pointer, and
 * how many responses were seen. One tracker per test run (or per worker, merged at the end through
 * `toState()` / `mergeState()`); it never stores bodies, only one key list per pointer.
 *
 * @example
 * const tracker = new StrictRequiredTracker()
 * tracker.record(validateResponse(spec, response), response.body)
 * const sidecarHalf = tracker.toState()
 */
export class StrictRequiredTracker {
  readonly #groups: Groups = new Map()

  /**
   * Records one validated response. Only `success` results count: failing and skipped responses say
   * nothing about what the API always returns. Scalar, null and absent bodies are not observations.
   */
  record(result: ValidationResult, body: unknown): void {
    if (typeof result !== 'object' || result === null) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        'StrictRequiredTracker.record() expects a ValidationResult as its first argument.',
      )
    }
    const keys = observationKeysOf(result)
    if (keys === undefined || typeof body !== 'object' || body === null) return
    this.#add(keys.specName, keys.endpoint, keys.response, 1, collectObservedKeys(body))
  }

  /** True once at least one observation was recorded or merged. */
  hasObservations(): boolean {
    return this.#groups.size > 0
  }

  /** Every observation group, sorted by spec, method, path, status key, content type. */
  listObservations(): StrictRequiredObservation[] {
    const out: StrictRequiredObservation[] = []
    for (const [specName, endpoints] of this.#groups) {
      for (const [endpoint, responses] of endpoints) {
        const { method, path } = splitEndpoint(endpoint) ?? { method: endpoint, path: '' }
        for (const [response, group] of responses) {
          const { statusKey, contentType } = splitResponse(response) ?? {
            statusKey: response,
            contentType: '*',
          }
          const pointers: ObservedPointers = new Map(
            [...group.pointers.entries()].sort(([a], [b]) => compareStrings(a, b)),
          )
          out.push({ specName, method, path, statusKey, contentType, hits: group.hits, pointers })
        }
      }
    }
    return out.sort((a, b) =>
      compareTuples(
        [a.specName, a.method, a.path, a.statusKey, a.contentType],
        [b.specName, b.method, b.path, b.statusKey, b.contentType],
      ),
    )
  }

  /** The observations as a JSON-safe v2 state (keys sorted, so equal trackers serialise identically). */
  toState(): StrictRequiredStateV2 {
    const observations: Record<string, Record<string, Record<string, StrictRequiredStateRow>>> = {}
    for (const specName of sortedKeys(this.#groups)) {
      const endpoints = this.#groups.get(specName) as Map<string, Map<string, Group>>
      const specOut: Record<string, Record<string, StrictRequiredStateRow>> = {}
      for (const endpoint of sortedKeys(endpoints)) {
        const responses = endpoints.get(endpoint) as Map<string, Group>
        const endpointOut: Record<string, StrictRequiredStateRow> = {}
        for (const response of sortedKeys(responses)) {
          const group = responses.get(response) as Group
          const pointers: Record<string, readonly string[]> = {}
          for (const pointer of sortedKeys(group.pointers)) {
            defineEntry(pointers, pointer, [...(group.pointers.get(pointer) as readonly string[])])
          }
          defineEntry(endpointOut, response, { hits: group.hits, pointers })
        }
        defineEntry(specOut, endpoint, endpointOut)
      }
      defineEntry(observations, specName, specOut)
    }
    return { version: 2, observations }
  }

  /**
   * Merges a state written by another tracker (a worker sidecar): hits add up, pointer key lists intersect,
   * a pointer missing on either side is dropped. The whole state is validated first; on any error nothing
   * is merged. Rejects v1 states (`alwaysPresent` rows), other versions, `hits` < 1 and malformed shapes
   * with a coded `ContractToolError`.
   */
  mergeState(state: unknown): void {
    const rows = parseStrictRequiredState(state)
    for (const row of rows) {
      const existing = this.#groups.get(row.specName)?.get(row.endpoint)?.get(row.response)
      if (existing !== undefined && !Number.isSafeInteger(existing.hits + row.hits)) {
        throw new ContractToolError(
          StrictRequiredErrorCode.StateMalformed,
          `strict_required ${row.specName} / ${row.endpoint} / ${row.response}: merged hits exceed ${Number.MAX_SAFE_INTEGER}.`,
          { specName: row.specName },
        )
      }
    }
    for (const row of rows) this.#add(row.specName, row.endpoint, row.response, row.hits, row.pointers)
  }

  #add(specName: string, endpoint: string, response: string, hits: number, pointers: ObservedPointers): void {
    const endpoints = getOrCreate(this.#groups, specName, () => new Map<string, Map<string, Group>>())
    const responses = getOrCreate(endpoints, endpoint, () => new Map<string, Group>())
    const group = responses.get(response)
    if (group === undefined) {
      responses.set(response, { hits, pointers: new Map(pointers) })
      return
    }
    group.hits += hits
    for (const [pointer, keys] of group.pointers) {
      const incoming = pointers.get(pointer)
      if (incoming === undefined) group.pointers.delete(pointer)
      else group.pointers.set(pointer, intersectSorted(keys, incoming))
    }
  }
}

function sortedKeys(map: ReadonlyMap<string, unknown>): string[] {
  return [...map.keys()].sort(compareStrings)
}
