import {
  ContractToolError,
  isJsonMediaType,
  isObject,
  type JsonValue,
  normalizeMediaType,
  sequentialMediaFormat,
  TRACKED_METHODS,
} from '@contracttool/kernel'
import { didYouMean } from '@contracttool/kernel/internal'
import { follow, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import { StubgenErrorCode } from './errors.js'
import type { FileModel, TestCaseModel } from './internal/file-model.js'
import { concreteMediaType, isRangeMediaType } from './internal/media.js'
import { renderStubFile } from './internal/render-stub-file.js'
import { buildRequestModel, buildTarget, type RequestModel, scalarText } from './internal/request-model.js'
import { pickBodyValue, pickHeaderValue } from './internal/values.js'
import { normalizeRequestPrefix } from './normalize-request-prefix.js'
import { classifyResponseKey, representativeStatus } from './representative-status.js'
import { stubFileNames } from './stub-file-names.js'
import {
  type AppImport,
  type CoverageInput,
  type PlannedFile,
  type PlanStubsOptions,
  STUB_ADAPTERS,
  STUB_RUNNERS,
  type StubbedResponse,
  type StubModuleFormat,
  type StubPlan,
  type StubRunner,
  type UnstubbableResponse,
} from './types.js'

const DEFAULT_APP_IMPORT: AppImport = {
  specifier: '../../src/app.js',
  exportName: 'default',
  isFactory: false,
}
const TRACKED = new Set<string>(TRACKED_METHODS)

/** One declared (status, content type) tuple of an operation. */
interface ResponseRow {
  readonly statusKey: string
  readonly contentType: string
  readonly media: JsonValue | undefined
  readonly response: JsonValue
}

/**
 * Plans the stub files for the responses a suite has not validated: one file per operation, one test
 * per (status, content type) tuple that is uncovered or skipped in `coverage` (every tuple without it).
 * Only GET, POST, PUT, PATCH, DELETE, QUERY and 3.2 `additionalOperations` are stubbed. Pure: the caller
 * decides which planned files to write (existing files are never overwritten by the CLI).
 *
 * @throws ContractToolError `CONTRACTTOOL_STUBS_INVALID_ADAPTER`, `CONTRACTTOOL_STUBS_INVALID_REQUEST_PREFIX`,
 *   `CONTRACTTOOL_STUBS_PREFIX_WITH_PLAIN_ADAPTER`, `CONTRACTTOOL_STUBS_UNSUPPORTED_COVERAGE`,
 *   `CONTRACTTOOL_STUBS_SPEC_NOT_IN_COVERAGE`
 * @example
 * const plan = planStubs(spec, { specName: 'petstore', adapter: 'supertest', appImport })
 * for (const file of plan.files) console.log(file.path)
 */
export function planStubs(spec: LoadedSpec, options: PlanStubsOptions): StubPlan {
  const { adapter, specName } = options
  if (!(STUB_ADAPTERS as readonly string[]).includes(adapter)) {
    throw new ContractToolError(
      StubgenErrorCode.InvalidAdapter,
      `Unknown stub adapter '${String(adapter)}'. Expected one of: ${STUB_ADAPTERS.join(', ')}.`,
    )
  }
  const runner = options.runner ?? 'vitest'
  if (!(STUB_RUNNERS as readonly string[]).includes(runner)) {
    throw new ContractToolError(
      StubgenErrorCode.InvalidAdapter,
      `Unknown stub runner '${String(runner)}'. Expected one of: ${STUB_RUNNERS.join(', ')}.`,
    )
  }
  const moduleFormat = options.moduleFormat ?? defaultModuleFormat(runner)
  const prefix = normalizeRequestPrefix(options.requestPrefix ?? '')
  if (adapter === 'plain' && prefix !== '') {
    throw new ContractToolError(
      StubgenErrorCode.PrefixWithPlainAdapter,
      `The plain adapter sends no request, so a request prefix ('${prefix}') cannot apply; drop it or choose --adapter=supertest|fastify|fetch.`,
    )
  }
  const validated = validatedTuples(options.coverage, specName)
  const names = stubFileNames(spec.operations.map((op) => op.key))
  const operations = spec.operations
    .filter((op) => op.isAdditional || TRACKED.has(op.method))
    .sort((a, b) => compareStrings(a.key, b.key))

  const files: PlannedFile[] = []
  const unstubbable: UnstubbableResponse[] = []
  const malformedKeys: string[] = []
  let validatedCount = 0
  const seen = new Set<string>()
  for (const operation of operations) {
    // A path item may repeat a method under additionalOperations; the first declaration is the operation.
    if (seen.has(operation.key)) continue
    seen.add(operation.key)
    const rows = responseRows(spec, operation, malformedKeys)
    const pending = rows.filter((row) => {
      const isValidated = validated?.has(tupleKey(operation.key, row.statusKey, row.contentType)) === true
      if (isValidated) validatedCount++
      return !isValidated
    })
    if (pending.length === 0) continue
    const declaredKeys = rows.map((row) => row.statusKey)
    let request: RequestModel | undefined
    let exchangePath = operation.path
    let missingPath = operation.path
    const exchangeTodos: string[] = []
    if (adapter === 'plain') {
      const target = buildTarget(spec.document, operation, exchangeTodos)
      exchangePath = `${target.path}${target.query}`
      const missing = buildTarget(spec.document, operation, [], true)
      missingPath = `${missing.path}${missing.query}`
    } else {
      const outcome = buildRequestModel(spec, operation, adapter, prefix)
      if (outcome.kind === 'dead-end') {
        for (const row of pending) {
          unstubbable.push({
            endpoint: operation.key,
            statusKey: row.statusKey,
            contentType: row.contentType,
            reason: outcome.reason,
          })
        }
        continue
      }
      request = outcome.model
    }
    const cases: TestCaseModel[] = []
    for (const row of pending) {
      const result = buildCase(spec, operation, row, rows, declaredKeys, exchangeTodos)
      if (typeof result === 'string') {
        unstubbable.push({
          endpoint: operation.key,
          statusKey: row.statusKey,
          contentType: row.contentType,
          reason: result,
        })
      } else {
        cases.push(result)
      }
    }
    if (cases.length === 0) continue
    const model: FileModel = {
      endpoint: operation.key,
      method: operation.method,
      path: exchangePath,
      missingPath,
      operationId: operation.operationId,
      specName,
      adapter,
      runner,
      moduleFormat,
      appImport: options.appImport ?? DEFAULT_APP_IMPORT,
      request,
      cases,
    }
    files.push({
      path: withExtension(names.get(operation.key) ?? `${operation.key}.test.ts`, runner, moduleFormat),
      content: renderStubFile(model),
      endpoint: operation.key,
      responses: cases.map(
        (c): StubbedResponse => ({ statusKey: c.statusKey, status: c.status, contentType: c.contentType }),
      ),
    })
  }
  const notes: string[] = []
  if (malformedKeys.length > 0) {
    notes.push(
      `${malformedKeys.length} response key(s) not an HTTP status, a range, or \`default\` (${malformedKeys.slice(0, 3).join(', ')}${malformedKeys.length > 3 ? ', ...' : ''}); run \`contracttool doctor\` for the details.`,
    )
  }
  return { files, unstubbable, notes, validatedCount }
}

/** Declared tuples of an operation, ordered by status key then content type (case-insensitive, `*` last). */
function responseRows(spec: LoadedSpec, operation: IndexedOperation, malformedKeys: string[]): ResponseRow[] {
  const responses = operation.responses
  if (!isObject(responses)) return []
  const rows: ResponseRow[] = []
  for (const [statusKey, raw] of Object.entries(responses)) {
    const kind = classifyResponseKey(statusKey)
    if (kind === 'extension') continue
    if (kind === 'malformed') {
      malformedKeys.push(`${operation.key} '${statusKey}'`)
      continue
    }
    const response = follow(spec.document, raw as JsonValue)
    const content = isObject(response) ? follow(spec.document, response.content) : null
    const mediaKeys = isObject(content) ? Object.keys(content) : []
    if (mediaKeys.length === 0) {
      rows.push({ statusKey, contentType: '*', media: undefined, response })
      continue
    }
    for (const contentType of mediaKeys) {
      rows.push({
        statusKey,
        contentType,
        media: (content as Record<string, JsonValue>)[contentType],
        response,
      })
    }
  }
  return rows.sort(
    (a, b) => compareStrings(a.statusKey, b.statusKey) || compareContentTypes(a.contentType, b.contentType),
  )
}

function buildCase(
  spec: LoadedSpec,
  operation: IndexedOperation,
  row: ResponseRow,
  rows: readonly ResponseRow[],
  declaredKeys: readonly string[],
  exchangeTodos: readonly string[],
): TestCaseModel | string {
  const document = spec.document
  const representative = representativeStatus(row.statusKey, declaredKeys)
  if (representative === undefined) {
    return `no status reaches '${row.statusKey}': every status of its class is declared exactly.`
  }
  const statusComments: string[] = []
  if (representative.comment !== undefined) statusComments.push(representative.comment)
  if (representative.status >= 500) {
    statusComments.push(
      `${representative.status} matches the default skip pattern 5\\d\\d; set skipResponseCodes so this response is validated rather than skipped.`,
    )
  }
  const todos: string[] = [...exchangeTodos]
  let concreteType: string | undefined
  let isJson = false
  const media = follow(document, row.media)
  if (row.contentType !== '*') {
    const hasSchema = isObject(media) && media.schema !== undefined
    const hasItemSchema = isObject(media) && media.itemSchema !== undefined
    if (isRangeMediaType(row.contentType)) {
      const jsonSibling = rows.some(
        (other) =>
          other.statusKey === row.statusKey &&
          other.contentType !== row.contentType &&
          isJsonMediaType(other.contentType),
      )
      if (hasSchema && jsonSibling) {
        return `media type range '${row.contentType}' declares a schema next to a JSON media type: a JSON response is validated against the JSON sibling and any other type is skipped, so no response can validate this tuple.`
      }
      concreteType = concreteMediaType(
        row.contentType,
        hasSchema && essenceIsApplicationRange(row.contentType),
      )
      statusComments.push(`'${row.contentType}' is exercised as ${concreteType}.`)
    } else {
      concreteType = row.contentType
    }
    isJson = isJsonMediaType(concreteType)
    if (hasItemSchema && sequentialMediaFormat(concreteType) !== undefined) {
      statusComments.push(
        `'${row.contentType}' is a stream (OpenAPI 3.2 itemSchema): each item is validated, so the app must end the stream for the body to be read.`,
      )
    } else if (hasItemSchema) {
      todos.push(
        `'${row.contentType}' declares an itemSchema on a media type whose items the validator does not split (it reads JSON Lines, NDJSON, json-seq and text/event-stream): this assertion can only pass as skipped and the tuple stays reported as skipped.`,
      )
    } else if (hasSchema && !isJson) {
      todos.push(
        `'${row.contentType}' declares a schema the JSON Schema validator cannot evaluate: this assertion can only pass as skipped and the tuple stays reported as skipped.`,
      )
    }
  }
  const headers: [string, string][] = []
  const declaredHeaders = isObject(row.response) ? follow(document, row.response.headers) : null
  if (isObject(declaredHeaders)) {
    for (const [name, raw] of Object.entries(declaredHeaders)) {
      const header = follow(document, raw)
      if (!isObject(header) || header.required !== true || name.toLowerCase() === 'content-type') continue
      headers.push([name, scalarText(pickHeaderValue(document, header).value)])
    }
  }
  const title = `${operation.key} → ${row.statusKey} ${row.contentType === '*' ? '(no content)' : row.contentType}`
  return {
    title,
    statusKey: row.statusKey,
    status: representative.status,
    contentType: row.contentType,
    concreteType,
    statusComments,
    todos,
    exchange: {
      body: row.contentType === '*' ? undefined : pickBodyValue(document, row.media),
      isJson,
      headers,
    },
  }
}

function essenceIsApplicationRange(contentType: string): boolean {
  return normalizeMediaType(contentType) === 'application/*'
}

/** `"<METHOD path>\0<status>\0<content type, lower case>"` of every tuple the coverage validated. */
function validatedTuples(coverage: CoverageInput | undefined, specName: string): Set<string> | undefined {
  if (coverage === undefined) return undefined
  if (
    !isObject(coverage as unknown) ||
    coverage.schema_version !== 3 ||
    !isObject(coverage.specs as unknown)
  ) {
    throw new ContractToolError(
      StubgenErrorCode.UnsupportedCoverage,
      'Unsupported coverage document: expected a coverage JSON with schema_version 3.',
    )
  }
  const entry = coverage.specs[specName]
  if (entry === undefined) {
    const known = Object.keys(coverage.specs)
    throw new ContractToolError(
      StubgenErrorCode.SpecNotInCoverage,
      `The coverage document has no spec '${specName}' (it has: ${known.length === 0 ? 'none' : known.join(', ')}); pass the name with --spec-name.${didYouMean(specName, known, "'")}`,
    )
  }
  const out = new Set<string>()
  const endpoints: readonly unknown[] = Array.isArray(entry.endpoints) ? entry.endpoints : []
  for (const endpoint of endpoints) {
    if (!isObject(endpoint) || typeof endpoint.endpoint !== 'string' || !Array.isArray(endpoint.responses))
      continue
    for (const response of endpoint.responses) {
      if (!isObject(response) || response.response_state !== 'validated') continue
      if (typeof response.status_key !== 'string' || typeof response.content_type_key !== 'string') continue
      out.add(tupleKey(endpoint.endpoint, response.status_key, response.content_type_key))
    }
  }
  return out
}

function tupleKey(endpoint: string, statusKey: string, contentType: string): string {
  return `${endpoint}\u0000${statusKey.toLowerCase()}\u0000${contentType.toLowerCase()}`
}

/** Code-unit order, the same on every machine (no locale). */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function compareContentTypes(a: string, b: string): number {
  if (a === b) return 0
  if (a === '*') return 1
  if (b === '*') return -1
  return compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b)
}

/** The module format each runner loads without extra flags in most projects. */
function defaultModuleFormat(runner: StubRunner): StubModuleFormat {
  if (runner === 'jest') return 'cjs'
  if (runner === 'node-test' || runner === 'mocha') return 'esm'
  return 'ts'
}

// `get-pets.test.ts` as the runner and module format want it: `.test.cjs`, `.test.mjs`, Playwright's `.spec.ts`.
function withExtension(name: string, runner: StubRunner, format: StubModuleFormat): string {
  const base = name.replace(/\.test\.ts$/, '')
  if (format === 'cjs') return `${base}.test.cjs`
  if (format === 'esm') return `${base}.test.mjs`
  return runner === 'playwright' ? `${base}.spec.ts` : `${base}.test.ts`
}
