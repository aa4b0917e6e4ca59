import { ContractToolError } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import {
  ADDITIONAL_PROPERTIES_POLICY,
  type AdditionalPropertiesGroup,
  type UndeclaredAnalysis,
} from './internal/additional-properties-policy.js'
import { assertCheckArguments } from './internal/assert-check-arguments.js'
import { getOrCreate } from './internal/get-or-create.js'
import { observationKeysOf, splitEndpoint, splitResponse } from './internal/observation-keys.js'
import type { RequiredAnalysis } from './internal/required-analysis.js'
import { REQUIRED_POLICY, type RequiredGroup } from './internal/required-policy.js'
import { SchemaAnalyses } from './internal/schema-analyses.js'
import { compareTuples } from './internal/sorted-strings.js'
import type { StrictPolicy } from './internal/strict-policy.js'
import { type Groups, sortedEntries, writeObservations } from './internal/strict-state.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type {
  StrictAdditionalPropertiesReport,
  StrictAdditionalPropertiesStateV1,
  StrictRequiredObservation,
  StrictRequiredStateV2,
} from './types.js'

/** One group with the response it belongs to. */
interface ListedGroup<Group> {
  readonly specName: string
  readonly method: string
  readonly path: string
  readonly statusKey: string
  readonly contentType: string
  readonly group: Group
}

/**
 * What one strict check observed, per (spec, endpoint, response), and how many responses it observed; the
 * policy decides what a response contributes. One tracker per test run (or per worker, merged at the end
 * through `toState()` / `mergeState()`).
 */
export abstract class StrictTracker<Group, Analysis, State> {
  readonly #policy: StrictPolicy<Group, Analysis, State>
  readonly #analyses: SchemaAnalyses<Analysis>
  readonly #groups: Groups<Group> = new Map()
  #evaluations = 0

  protected constructor(policy: StrictPolicy<Group, Analysis, State>) {
    this.#policy = policy
    this.#analyses = new SchemaAnalyses(policy.analyse)
  }

  /** True once a response was observed here or an observed state was merged. */
  hasObservations(): boolean {
    return this.#evaluations > 0
  }

  /** The observations as a JSON-safe state (keys sorted, so equal trackers serialise identically). */
  toState(): State {
    return this.#policy.writeState(this.#evaluations, writeObservations(this.#groups, this.#policy.writeRow))
  }

  /**
   * Merges a state written by another tracker (a worker sidecar). The whole state is validated first; on any
   * error nothing is merged. A malformed state, an unknown version or a count that would overflow throws a
   * coded `ContractToolError`.
   */
  mergeState(state: unknown): void {
    const { stateName, overflowAt } = this.#policy
    const parsed = this.#policy.readState(state)
    if (!Number.isSafeInteger(this.#evaluations + parsed.evaluations)) {
      throw new ContractToolError(
        StrictRequiredErrorCode.StateMalformed,
        `${stateName}: merged evaluations exceed ${Number.MAX_SAFE_INTEGER}.`,
      )
    }
    for (const { specName, endpoint, response, group } of parsed.rows) {
      const existing = this.#groups.get(specName)?.get(endpoint)?.get(response)
      const at = existing === undefined ? undefined : overflowAt(existing, group)
      if (at !== undefined) {
        throw new ContractToolError(
          StrictRequiredErrorCode.StateMalformed,
          `${stateName} ${specName} / ${endpoint} / ${response}${at}: merged hits exceed ${Number.MAX_SAFE_INTEGER}.`,
          { specName },
        )
      }
    }
    this.#evaluations += parsed.evaluations
    for (const row of parsed.rows) this.#add(row.specName, row.endpoint, row.response, row.group)
  }

  /** Observes one validated response: only `success` results that matched a path and a response count. */
  protected observe(spec: LoadedSpec | undefined, result: ValidationResult, body: unknown): void {
    const keys = observationKeysOf(result)
    if (keys === undefined) return
    const seen = spec === undefined ? body : this.#analyses.bodyOf(spec, keys, body)
    const group = this.#policy.observe(seen, () =>
      spec === undefined ? undefined : this.#analyses.of(spec, keys),
    )
    if (group === undefined) return
    this.#evaluations++
    this.#add(keys.specName, keys.endpoint, keys.response, group)
  }

  /** Responses observed here and in merged states. */
  protected get evaluationCount(): number {
    return this.#evaluations
  }

  /** Every group, sorted by spec, method, path, status key, content type. */
  protected listGroups(): ListedGroup<Group>[] {
    const out: ListedGroup<Group>[] = []
    for (const [specName, endpoints] of this.#groups) {
      for (const [endpoint, responses] of endpoints) {
        const { method, path } = splitEndpoint(endpoint) ?? { method: endpoint, path: '' }
        for (const [response, group] of responses) {
          const { statusKey, contentType } = splitResponse(response) ?? {
            statusKey: response,
            contentType: '*',
          }
          out.push({ specName, method, path, statusKey, contentType, group })
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

  #add(specName: string, endpoint: string, response: string, group: Group): void {
    if (!this.#policy.hasRow(group)) return
    const endpoints = getOrCreate(this.#groups, specName, () => new Map<string, Map<string, Group>>())
    const responses = getOrCreate(endpoints, endpoint, () => new Map<string, Group>())
    const existing = responses.get(response)
    if (existing === undefined) responses.set(response, group)
    else this.#policy.merge(existing, group)
  }
}

/**
 * Keeps, per (spec, endpoint, response), the keys every successful response carried at every pointer, and
 * how many responses were seen. It never stores bodies, only one key list per pointer.
 *
 * @example
 * const tracker = new StrictRequiredTracker()
 * tracker.record(validateResponse(spec, response), response.body)
 * const sidecarHalf = tracker.toState()
 */
export class StrictRequiredTracker extends StrictTracker<
  RequiredGroup,
  RequiredAnalysis,
  StrictRequiredStateV2
> {
  constructor() {
    super(REQUIRED_POLICY)
  }

  /**
   * Records one validated response. Only `success` results count: failing and skipped responses say
   * nothing about what the API always returns. Scalar, null and absent bodies are not observations. With
   * the spec, the text of a sequential body (JSON Lines, json-seq, server-sent events) is read as the
   * array of its items; without it, such a body is not an observation.
   */
  record(result: ValidationResult, body: unknown, spec?: LoadedSpec): void {
    if (typeof result !== 'object' || result === null) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        'StrictRequiredTracker.record() expects a ValidationResult as its first argument.',
      )
    }
    this.observe(spec, result, body)
  }

  /** Every observation group, sorted by spec, method, path, status key, content type. */
  listObservations(): StrictRequiredObservation[] {
    return this.listGroups().map(({ group, ...response }) => ({
      ...response,
      hits: group.hits,
      pointers: new Map(sortedEntries(group.pointers)),
    }))
  }
}

/**
 * Collects response properties that the schema does not document (the opposite drift of strict-required):
 * every successful response is inspected against its live schema once, and each undocumented property is
 * kept by instance pointer with the number of responses that returned it. One observation suffices.
 *
 * @example
 * const tracker = new StrictAdditionalPropertiesTracker()
 * tracker.record(spec, validateResponse(spec, response), response.body)
 */
export class StrictAdditionalPropertiesTracker extends StrictTracker<
  AdditionalPropertiesGroup,
  UndeclaredAnalysis,
  StrictAdditionalPropertiesStateV1
> {
  constructor() {
    super(ADDITIONAL_PROPERTIES_POLICY)
  }

  /** Inspects one validated response; only `success` results with a resolvable schema count. */
  record(spec: LoadedSpec, result: ValidationResult, body: unknown): void {
    assertCheckArguments('StrictAdditionalPropertiesTracker.record()', spec, result)
    this.observe(spec, result, body)
  }

  /** Successful responses inspected against a schema. */
  get evaluations(): number {
    return this.evaluationCount
  }

  /** Every finding, sorted by spec, method, path, status key, content type, pointer. */
  listFindings(): StrictAdditionalPropertiesReport[] {
    return this.listGroups().flatMap(({ group, ...response }) =>
      sortedEntries(group).map(([pointer, finding]) => ({ ...response, pointer, ...finding })),
    )
  }
}
