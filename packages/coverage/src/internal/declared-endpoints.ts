import { isObject, type JsonObject, TRACKED_METHODS } from '@contracttool/kernel'
import { jsonTypeOf } from '@contracttool/kernel/internal'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import { ANY_CONTENT_TYPE } from '../types.js'
import { compareResponseRows, compareStrings } from './matching.js'

const TRACKED = new Set<string>(TRACKED_METHODS)

export interface DeclaredRow {
  readonly statusKey: string
  readonly contentTypeKey: string
}

export interface DeclaredEndpoint {
  readonly endpoint: string
  readonly method: string
  readonly path: string
  readonly operationId: string | null
  readonly operation: IndexedOperation
  // Sorted like report rows.
  readonly rows: readonly DeclaredRow[]
  // Object-valued responses by key (specification extensions excluded), in document order.
  readonly responses: ReadonlyMap<string, JsonObject>
}

// Operations coverage tracks: GET, POST, PUT, PATCH, DELETE, QUERY and 3.2 `additionalOperations`.
export function isTrackedOperation(operation: IndexedOperation): boolean {
  return operation.isAdditional || TRACKED.has(operation.method)
}

// The declared set of a spec, read from the live document at report time: one row per (response key,
// media-type key), one `*` row for a response without content. `x-` keys are not responses; a response that
// is not an object is omitted with a warning so totals never shrink silently.
export function collectDeclaredEndpoints(spec: LoadedSpec, warnings: string[]): DeclaredEndpoint[] {
  const declared: DeclaredEndpoint[] = []
  const seen = new Set<string>()
  for (const operation of spec.operations) {
    if (!isTrackedOperation(operation) || seen.has(operation.key)) continue
    seen.add(operation.key)
    const rows: DeclaredRow[] = []
    const responses = new Map<string, JsonObject>()
    const map = operation.responses
    if (map !== undefined && !isObject(map)) {
      warnings.push(
        `[OpenAPI Coverage] spec '${spec.name}': responses of ${operation.key} is not an object (got ${jsonTypeOf(map)}); omitted from coverage`,
      )
    } else if (isObject(map)) {
      for (const [statusKey, response] of Object.entries(map)) {
        if (statusKey.startsWith('x-')) continue
        if (!isObject(response)) {
          warnings.push(
            `[OpenAPI Coverage] spec '${spec.name}': response ${operation.key} ${statusKey} is not an object (got ${jsonTypeOf(response)}); omitted from coverage`,
          )
          continue
        }
        responses.set(statusKey, response)
        const content = response.content
        const contentTypes = isObject(content) ? Object.keys(content) : []
        if (contentTypes.length === 0) rows.push({ statusKey, contentTypeKey: ANY_CONTENT_TYPE })
        for (const contentTypeKey of contentTypes) rows.push({ statusKey, contentTypeKey })
      }
    }
    rows.sort(compareResponseRows)
    declared.push({
      endpoint: operation.key,
      method: operation.method,
      path: operation.path,
      operationId: operation.operationId ?? null,
      operation,
      rows,
      responses,
    })
  }
  return declared.sort((a, b) => compareStrings(a.endpoint, b.endpoint))
}
