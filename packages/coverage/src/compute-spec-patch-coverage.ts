import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { didYouMean } from '@contracttool/kernel/internal'
import { follow, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import type { CoverageJsonDocument } from './coverage-json.js'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { setOwn } from './internal/coverage-state.js'
import { isTrackedOperation } from './internal/declared-endpoints.js'
import { Fingerprinter } from './internal/fingerprint.js'
import { compareResponseRows, compareStrings } from './internal/matching.js'
import { ANY_CONTENT_TYPE, type ResponseState } from './types.js'

export type SpecPatchChange = 'added' | 'changed' | 'removed'

/** One response in scope of the gate. */
export interface SpecPatchResponse {
  readonly statusKey: string
  readonly contentTypeKey: string
  /** `removed` rows are informational: a response that no longer exists cannot be tested. */
  readonly change: SpecPatchChange
  /** State in the coverage document; `uncovered` when the document has no such row; null for removed rows. */
  readonly state: ResponseState | null
  /**
   * `covered` (validated), `CHECK FAILED` (validated, but every check of it failed), `SKIPPED`, `UNCOVERED`,
   * or `removed` for removed rows.
   */
  readonly verdict: 'covered' | 'CHECK FAILED' | 'SKIPPED' | 'UNCOVERED' | 'removed'
  readonly passed: boolean
}

export interface SpecPatchOperation {
  readonly endpoint: string
  readonly method: string
  readonly path: string
  readonly change: SpecPatchChange
  /** True when the request side (parameters, body, servers, security…) changed: every response is in scope. */
  readonly requestChanged: boolean
  readonly responses: readonly SpecPatchResponse[]
}

export interface SpecPatchResult {
  readonly specName: string
  /** Sorted by `"METHOD path"`. */
  readonly operations: readonly SpecPatchOperation[]
  /** Operations added or changed (removed ones are not counted). */
  readonly changedOperationCount: number
  /** Rows that fail the gate (UNCOVERED, SKIPPED or CHECK FAILED). */
  readonly failingResponseCount: number
  /** 0 when every changed response is validated by a passing check, 1 otherwise. */
  readonly exitCode: 0 | 1
}

export interface SpecPatchOptions {
  /** Key under `specs` in the coverage document. */
  readonly specName: string
}

interface IndexedResponse {
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly hash: string
}

interface FingerprintedOperation {
  readonly operation: IndexedOperation
  readonly shape: string
  /** Keyed `status\u001fcontent type`. */
  readonly responses: ReadonlyMap<string, IndexedResponse>
}

function effectiveSecurityFor(spec: LoadedSpec, operation: IndexedOperation): JsonObject {
  const schemes: JsonObject = {}
  const definitions = isObject(spec.document.components)
    ? follow(spec.document, spec.document.components.securitySchemes)
    : null
  if (Array.isArray(operation.security)) {
    for (const requirement of operation.security) {
      if (!isObject(requirement)) continue
      for (const name of Object.keys(requirement)) {
        setOwn(schemes, name, isObject(definitions) ? follow(spec.document, definitions[name]) : null)
      }
    }
  }
  return { security: operation.security ?? null, schemes }
}

// The request contract of an operation: the operation minus its responses, with the effective parameters
// (path item merged with operation), servers (operation > path item > root) and security (with the scheme
// definitions it names) in place of the declared ones.
function requestShape(spec: LoadedSpec, operation: IndexedOperation): JsonObject {
  const op = isObject(operation.operation) ? operation.operation : {}
  const rest: JsonObject = {}
  for (const [key, value] of Object.entries(op)) {
    if (!['responses', 'parameters', 'servers', 'security'].includes(key)) setOwn(rest, key, value)
  }
  const pathItem = isObject(spec.document.paths)
    ? follow(spec.document, spec.document.paths[operation.path])
    : null
  const servers =
    op.servers ?? (isObject(pathItem) ? pathItem.servers : undefined) ?? spec.document.servers ?? null
  const parameters = [...operation.parameters].sort((a, b) =>
    compareStrings(parameterKey(a), parameterKey(b)),
  )
  return {
    operation: rest,
    parameters: parameters as JsonValue[],
    servers,
    ...effectiveSecurityFor(spec, operation),
  }
}

function parameterKey(parameter: unknown): string {
  if (!isObject(parameter)) return '\u0000'
  const where = typeof parameter.in === 'string' ? parameter.in : ''
  const name = typeof parameter.name === 'string' ? parameter.name : ''
  return `${where}:${where === 'header' ? name.toLowerCase() : name}`
}

function fingerprintSpec(spec: LoadedSpec): Map<string, FingerprintedOperation> {
  const fingerprinter = new Fingerprinter(spec.document)
  const index = new Map<string, FingerprintedOperation>()
  for (const operation of spec.operations) {
    if (!isTrackedOperation(operation) || index.has(operation.key)) continue
    const responses = new Map<string, IndexedResponse>()
    if (isObject(operation.responses)) {
      for (const [statusKey, response] of Object.entries(operation.responses)) {
        if (statusKey.startsWith('x-') || !isObject(response)) continue
        const content = isObject(response.content) ? response.content : {}
        const contentTypes = Object.keys(content)
        if (contentTypes.length === 0) {
          responses.set(`${statusKey}\u001f${ANY_CONTENT_TYPE}`, {
            statusKey,
            contentTypeKey: ANY_CONTENT_TYPE,
            hash: fingerprinter.hash(response),
          })
          continue
        }
        const envelope: JsonObject = {}
        for (const [key, value] of Object.entries(response))
          if (key !== 'content') setOwn(envelope, key, value)
        for (const contentTypeKey of contentTypes) {
          responses.set(`${statusKey}\u001f${contentTypeKey}`, {
            statusKey,
            contentTypeKey,
            hash: fingerprinter.hash([envelope, content[contentTypeKey] ?? null]),
          })
        }
      }
    }
    index.set(operation.key, {
      operation,
      shape: fingerprinter.hash(requestShape(spec, operation)),
      responses,
    })
  }
  return index
}

// A row whose every check failed was exercised but never seen to match: the gate does not accept it.
type GateState = ResponseState | 'check-failed'

function coverageStates(coverage: CoverageJsonDocument, specName: string): Map<string, GateState> {
  const spec = Object.hasOwn(coverage.specs, specName) ? coverage.specs[specName] : undefined
  if (spec === undefined) {
    const available = Object.keys(coverage.specs)
    throw new CoverageError(
      CoverageErrorCode.JsonSpecMissing,
      `Coverage document has no spec named "${specName}".${didYouMean(specName, available)} Available: ${available.length === 0 ? '(none)' : available.join(', ')}. Select one with the spec name option (--spec-name).`,
      { specName },
    )
  }
  const states = new Map<string, GateState>()
  for (const endpoint of spec.endpoints) {
    for (const row of endpoint.responses) {
      states.set(
        `${endpoint.method} ${endpoint.path}\u001f${row.status_key}\u001f${row.content_type_key.toLowerCase()}`,
        row.response_state === 'validated' && row.check_failed === true ? 'check-failed' : row.response_state,
      )
    }
  }
  return states
}

function judged(
  endpoint: string,
  response: IndexedResponse,
  change: SpecPatchChange,
  states: Map<string, GateState>,
): SpecPatchResponse {
  const found =
    states.get(`${endpoint}\u001f${response.statusKey}\u001f${response.contentTypeKey.toLowerCase()}`) ??
    'uncovered'
  const verdict =
    found === 'validated'
      ? 'covered'
      : found === 'check-failed'
        ? 'CHECK FAILED'
        : found === 'skipped'
          ? 'SKIPPED'
          : 'UNCOVERED'
  return {
    statusKey: response.statusKey,
    contentTypeKey: response.contentTypeKey,
    change,
    state: found === 'check-failed' ? 'validated' : found,
    verdict,
    passed: found === 'validated',
  }
}

/**
 * The spec-patch gate behind `contracttool coverage:gate`: which operations of `proposed` were added or
 * changed against `base`, and whether every response in scope was validated by a test in `coverage`.
 *
 * Changes are structural and content-based: both specs are compared with every `$ref` followed, so moving a
 * schema changes nothing and editing a referenced schema does. A request-contract change (parameters, body,
 * servers, security and the schemes it names) puts every response of the operation in scope; otherwise only
 * added or changed responses are. Removed operations and responses are listed but never fail. Only GET, POST,
 * PUT, PATCH, DELETE, QUERY and `additionalOperations` are gated.
 *
 * @example
 * const result = computeSpecPatchCoverage(base, proposed, readCoverageJson('coverage.json'), { specName: 'petstore' })
 * process.stdout.write(renderSpecPatchText(result))
 * process.exitCode = result.exitCode
 */
export function computeSpecPatchCoverage(
  base: LoadedSpec,
  proposed: LoadedSpec,
  coverage: CoverageJsonDocument,
  options: SpecPatchOptions,
): SpecPatchResult {
  const states = coverageStates(coverage, options.specName)
  const before = fingerprintSpec(base)
  const after = fingerprintSpec(proposed)
  const operations: SpecPatchOperation[] = []
  for (const [endpoint, current] of after) {
    const previous = before.get(endpoint)
    const requestChanged = previous !== undefined && previous.shape !== current.shape
    const responses: SpecPatchResponse[] = []
    for (const [key, response] of current.responses) {
      const old = previous?.responses.get(key)
      if (previous !== undefined && !requestChanged && old !== undefined && old.hash === response.hash)
        continue
      responses.push(judged(endpoint, response, old === undefined ? 'added' : 'changed', states))
    }
    if (previous !== undefined) {
      for (const [key, response] of previous.responses) {
        if (current.responses.has(key)) continue
        responses.push({
          statusKey: response.statusKey,
          contentTypeKey: response.contentTypeKey,
          change: 'removed',
          state: null,
          verdict: 'removed',
          passed: true,
        })
      }
    }
    if (previous !== undefined && responses.length === 0 && !requestChanged) continue
    responses.sort(compareResponseRows)
    operations.push({
      endpoint,
      method: current.operation.method,
      path: current.operation.path,
      change: previous === undefined ? 'added' : 'changed',
      requestChanged,
      responses,
    })
  }
  for (const [endpoint, previous] of before) {
    if (after.has(endpoint)) continue
    operations.push({
      endpoint,
      method: previous.operation.method,
      path: previous.operation.path,
      change: 'removed',
      requestChanged: false,
      responses: [],
    })
  }
  operations.sort((a, b) => compareStrings(a.endpoint, b.endpoint))
  const failingResponseCount = operations.reduce(
    (count, operation) => count + operation.responses.filter((response) => !response.passed).length,
    0,
  )
  return {
    specName: options.specName,
    operations,
    changedOperationCount: operations.filter((operation) => operation.change !== 'removed').length,
    failingResponseCount,
    exitCode: failingResponseCount === 0 ? 0 : 1,
  }
}
