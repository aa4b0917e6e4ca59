import { isObject } from '@contracttool/kernel'
import { echoValue, jsonTypeOf } from '@contracttool/kernel/internal'
import { readRegularFileSync } from '@contracttool/spec-loader'
import { COVERAGE_JSON_SCHEMA_VERSION, type CoverageJsonDocument } from './coverage-json.js'
import { CoverageError, CoverageErrorCode } from './errors.js'

type Check = (value: unknown, at: string) => void

class ShapeError extends Error {}

const string: Check = (value, at) => {
  if (typeof value !== 'string') throw new ShapeError(`${at} must be a string, got ${jsonTypeOf(value)}`)
}
const nullableString: Check = (value, at) => {
  if (value !== null && typeof value !== 'string') {
    throw new ShapeError(`${at} must be a string or null, got ${jsonTypeOf(value)}`)
  }
}
const boolean: Check = (value, at) => {
  if (typeof value !== 'boolean') throw new ShapeError(`${at} must be a boolean, got ${jsonTypeOf(value)}`)
}
const count: Check = (value, at) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ShapeError(`${at} must be a non-negative integer, got ${jsonTypeOf(value)}`)
  }
}
// Fields added within schema_version 3: older documents lack them.
const optional =
  (check: Check): Check =>
  (value, at) => {
    if (value !== undefined) check(value, at)
  }
const oneOf =
  (...allowed: string[]): Check =>
  (value, at) => {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      throw new ShapeError(`${at} must be one of ${allowed.join(', ')}, got ${echoValue(value)}`)
    }
  }
const object =
  (fields: Readonly<Record<string, Check>>): Check =>
  (value, at) => {
    if (!isObject(value)) throw new ShapeError(`${at} must be an object, got ${jsonTypeOf(value)}`)
    for (const [name, check] of Object.entries(fields)) check(value[name], `${at}.${name}`)
  }
const list =
  (item: Check): Check =>
  (value, at) => {
    if (!Array.isArray(value)) throw new ShapeError(`${at} must be an array, got ${jsonTypeOf(value)}`)
    for (const [index, entry] of value.entries()) item(entry, `${at}[${index}]`)
  }

const AGGREGATE_FIELDS = {
  endpoint_total: count,
  endpoint_fully_covered: count,
  endpoint_partial: count,
  endpoint_uncovered: count,
  endpoint_request_only: count,
  response_total: count,
  response_covered: count,
  response_check_failed: optional(count),
  response_skipped: count,
  response_uncovered: count,
}
const SDK_TOTAL_FIELDS = { response_total: count, response_exercised: count, response_unexercised: count }

const checkSpec = object({
  aggregates: object(AGGREGATE_FIELDS),
  endpoints: list(
    object({
      endpoint: string,
      method: string,
      path: string,
      operation_id: nullableString,
      endpoint_state: oneOf('all-covered', 'partial', 'uncovered', 'request-only'),
      request_reached: boolean,
      responses: list(
        object({
          status_key: string,
          content_type_key: string,
          response_state: oneOf('validated', 'skipped', 'uncovered'),
          hits: count,
          skip_reason: nullableString,
          failed_hits: optional(count),
          check_failed: optional(boolean),
        }),
      ),
      covered_response_count: count,
      check_failed_response_count: optional(count),
      skipped_response_count: count,
      total_response_count: count,
      unexpected_observations: list(object({ status_key: string, content_type_key: string })),
    }),
  ),
  sdk_exercise: object({
    ...SDK_TOTAL_FIELDS,
    responses: list(
      object({
        endpoint: string,
        method: string,
        path: string,
        operation_id: nullableString,
        status_key: string,
        content_type_key: string,
        exercised: boolean,
        hits: count,
      }),
    ),
    unexpected_observations: list(
      object({ endpoint: string, status_key: string, content_type_key: string, hits: count }),
    ),
  }),
})

const checkDocument = object({
  generated_at: string,
  tool: object({ name: string, version: string }),
  aggregate: object({ ...AGGREGATE_FIELDS, sdk_exercise: object(SDK_TOTAL_FIELDS) }),
})

/**
 * Parses a coverage JSON document (`schema_version: 3`). `source` names the input in messages (a path).
 * Throws `CONTRACTTOOL_COVERAGE_JSON_UNSUPPORTED_VERSION` for any other schema version and
 * `CONTRACTTOOL_COVERAGE_JSON_MALFORMED` for invalid JSON or a document of the wrong shape.
 *
 * @example
 * const coverage = parseCoverageJson(await readFile('coverage.json', 'utf8'), 'coverage.json')
 */
export function parseCoverageJson(text: string, source: string): CoverageJsonDocument {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    throw new CoverageError(
      CoverageErrorCode.JsonMalformed,
      `Coverage file is not valid JSON: ${source} (${(cause as Error).message})`,
      { file: source, cause },
    )
  }
  if (!isObject(value)) {
    throw new CoverageError(
      CoverageErrorCode.JsonMalformed,
      `Coverage file must hold a JSON object, got ${jsonTypeOf(value)}: ${source}`,
      { file: source },
    )
  }
  if (value.schema_version !== COVERAGE_JSON_SCHEMA_VERSION) {
    throw new CoverageError(
      CoverageErrorCode.JsonUnsupportedVersion,
      `Unsupported coverage schema_version in ${source}: expected ${COVERAGE_JSON_SCHEMA_VERSION}.`,
      { file: source },
    )
  }
  try {
    checkDocument(value, '$')
    if (!isObject(value.specs))
      throw new ShapeError(`$.specs must be an object, got ${jsonTypeOf(value.specs)}`)
    for (const [name, spec] of Object.entries(value.specs))
      checkSpec(spec, `$.specs[${JSON.stringify(name)}]`)
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error
    throw new CoverageError(
      CoverageErrorCode.JsonMalformed,
      `Coverage file ${source} is not a schema_version 3 document: ${error.message}`,
      { file: source },
    )
  }
  return value as unknown as CoverageJsonDocument
}

/**
 * Reads and parses a coverage JSON file (`schema_version: 3`). Throws `CONTRACTTOOL_COVERAGE_JSON_UNREADABLE`
 * naming the path when it cannot be read, otherwise as `parseCoverageJson`.
 *
 * @example
 * const coverage = readCoverageJson('build/coverage.json')
 */
export function readCoverageJson(path: string): CoverageJsonDocument {
  // Regular files only, and bounded: `/dev/zero` or a FIFO would otherwise be read forever.
  const read = readRegularFileSync(path)
  if (!read.ok) {
    throw new CoverageError(
      CoverageErrorCode.JsonUnreadable,
      `Coverage file is not a readable file: ${path} (${read.reason})`,
      { file: path, cause: read.cause },
    )
  }
  return parseCoverageJson(read.text, path)
}
