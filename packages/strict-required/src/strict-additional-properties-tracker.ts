import { ContractToolError, type LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { defineEntry } from './internal/define-entry.js'
import { findUndeclaredProperties } from './internal/find-undeclared-properties.js'
import { getOrCreate, getOrCreateWeak } from './internal/get-or-create.js'
import { observationKeysOf, splitEndpoint, splitResponse } from './internal/observation-keys.js'
import { parseAdditionalPropertiesState } from './internal/parse-additional-properties-state.js'
import { ViewCache } from './internal/properties-view.js'
import { resolveResponseSchema } from './internal/resolve-response-schema.js'
import { compareStrings, compareTuples } from './internal/sorted-strings.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type {
  StrictAdditionalPropertiesReport,
  StrictAdditionalPropertiesStateRow,
  StrictAdditionalPropertiesStateV1,
} from './types.js'

interface Finding {
  readonly property: string
  hits: number
}

// spec → `"METHOD path"` → `"status:contentType"` → pointer → finding.
type Findings = Map<string, Map<string, Map<string, Map<string, Finding>>>>

/**
 * Collects response properties that the schema does not document (the opposite drift of strict-required):
 * every successful response is inspected against its live schema once, and each undocumented property is
 * kept by instance pointer with the number of responses that returned it. One observation suffices.
 * Merge worker trackers through `toState()` / `mergeState()`.
 *
 * @example
 * const tracker = new StrictAdditionalPropertiesTracker()
 * tracker.record(spec, validateResponse(spec, response), response.body)
 */
export class StrictAdditionalPropertiesTracker {
  readonly #findings: Findings = new Map()
  readonly #views = new WeakMap<LoadedSpec, ViewCache>()
  #evaluations = 0

  /** Inspects one validated response; only `success` results with a resolvable schema count. */
  record(spec: LoadedSpec, result: ValidationResult, body: unknown): void {
    if (typeof spec !== 'object' || spec === null || typeof result !== 'object' || result === null) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        'StrictAdditionalPropertiesTracker.record() expects (LoadedSpec, ValidationResult, body).',
      )
    }
    if (result.specName !== spec.name) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        `StrictAdditionalPropertiesTracker.record() received a result validated against spec '${result.specName}' with spec '${spec.name}'.`,
        { specName: spec.name },
      )
    }
    const keys = observationKeysOf(result)
    if (keys === undefined) return
    const schema = resolveResponseSchema(spec, keys.method, keys.path, keys.statusKey, keys.contentType)
    if (schema === undefined) return
    this.#evaluations++
    for (const [pointer, property] of findUndeclaredProperties(this.#viewsFor(spec), schema, body)) {
      this.#add(keys.specName, keys.endpoint, keys.response, pointer, property, 1)
    }
  }

  /** True once a response was inspected here or an inspected state was merged. */
  hasObservations(): boolean {
    return this.#evaluations > 0
  }

  /** Successful responses inspected against a schema. */
  get evaluations(): number {
    return this.#evaluations
  }

  /** Every finding, sorted by spec, method, path, status key, content type, pointer. */
  listFindings(): StrictAdditionalPropertiesReport[] {
    const out: StrictAdditionalPropertiesReport[] = []
    for (const [specName, endpoints] of this.#findings) {
      for (const [endpoint, responses] of endpoints) {
        const { method, path } = splitEndpoint(endpoint) ?? { method: endpoint, path: '' }
        for (const [response, pointers] of responses) {
          const { statusKey, contentType } = splitResponse(response) ?? {
            statusKey: response,
            contentType: '*',
          }
          for (const [pointer, finding] of pointers) {
            out.push({ specName, method, path, statusKey, contentType, pointer, ...finding })
          }
        }
      }
    }
    return out.sort((a, b) =>
      compareTuples(
        [a.specName, a.method, a.path, a.statusKey, a.contentType, a.pointer],
        [b.specName, b.method, b.path, b.statusKey, b.contentType, b.pointer],
      ),
    )
  }

  /** The findings as a JSON-safe v1 state (keys sorted). */
  toState(): StrictAdditionalPropertiesStateV1 {
    const observations: Record<
      string,
      Record<string, Record<string, Record<string, StrictAdditionalPropertiesStateRow>>>
    > = {}
    for (const specName of sortedKeys(this.#findings)) {
      const endpoints = this.#findings.get(specName) as Map<string, Map<string, Map<string, Finding>>>
      const specOut: Record<string, Record<string, Record<string, StrictAdditionalPropertiesStateRow>>> = {}
      for (const endpoint of sortedKeys(endpoints)) {
        const responses = endpoints.get(endpoint) as Map<string, Map<string, Finding>>
        const endpointOut: Record<string, Record<string, StrictAdditionalPropertiesStateRow>> = {}
        for (const response of sortedKeys(responses)) {
          const pointers = responses.get(response) as Map<string, Finding>
          const responseOut: Record<string, StrictAdditionalPropertiesStateRow> = {}
          for (const pointer of sortedKeys(pointers)) {
            const finding = pointers.get(pointer) as Finding
            defineEntry(responseOut, pointer, { property: finding.property, hits: finding.hits })
          }
          defineEntry(endpointOut, response, responseOut)
        }
        defineEntry(specOut, endpoint, endpointOut)
      }
      defineEntry(observations, specName, specOut)
    }
    return { version: 1, evaluations: this.#evaluations, observations }
  }

  /**
   * Merges a state written by another tracker: evaluations and hits add up. The whole state is validated
   * first; on any error nothing is merged.
   */
  mergeState(state: unknown): void {
    const parsed = parseAdditionalPropertiesState(state)
    const overflow = (value: number): boolean => !Number.isSafeInteger(value)
    if (overflow(this.#evaluations + parsed.evaluations)) {
      throw new ContractToolError(
        StrictRequiredErrorCode.StateMalformed,
        `strict_additional_properties: merged evaluations exceed ${Number.MAX_SAFE_INTEGER}.`,
      )
    }
    for (const finding of parsed.findings) {
      const existing = this.#findings
        .get(finding.specName)
        ?.get(finding.endpoint)
        ?.get(finding.response)
        ?.get(finding.pointer)
      if (existing !== undefined && overflow(existing.hits + finding.hits)) {
        throw new ContractToolError(
          StrictRequiredErrorCode.StateMalformed,
          `strict_additional_properties ${finding.specName} / ${finding.endpoint} / ${finding.response} / ${finding.pointer}: merged hits exceed ${Number.MAX_SAFE_INTEGER}.`,
          { specName: finding.specName },
        )
      }
    }
    this.#evaluations += parsed.evaluations
    for (const f of parsed.findings)
      this.#add(f.specName, f.endpoint, f.response, f.pointer, f.property, f.hits)
  }

  #viewsFor(spec: LoadedSpec): ViewCache {
    return getOrCreateWeak(this.#views, spec, () => new ViewCache(spec))
  }

  #add(
    specName: string,
    endpoint: string,
    response: string,
    pointer: string,
    property: string,
    hits: number,
  ): void {
    const endpoints = getOrCreate(
      this.#findings,
      specName,
      () => new Map<string, Map<string, Map<string, Finding>>>(),
    )
    const responses = getOrCreate(endpoints, endpoint, () => new Map<string, Map<string, Finding>>())
    const pointers = getOrCreate(responses, response, () => new Map<string, Finding>())
    const finding = pointers.get(pointer)
    if (finding === undefined) pointers.set(pointer, { property, hits })
    else finding.hits += hits
  }
}

function sortedKeys(map: ReadonlyMap<string, unknown>): string[] {
  return [...map.keys()].sort(compareStrings)
}
