import {
  isObject,
  type JsonObject,
  type JsonValue,
  RESERVED_HEADERS,
  TRACKED_METHODS,
} from '@contracttool/kernel'
import { escapePointerToken, shortTypeOf } from '@contracttool/kernel/internal'
import { templatePlaceholders } from '@contracttool/matcher'
import { follow, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import type { IssueSink } from './issue-sink.js'

const PARAMETER_LOCATIONS = new Set(['path', 'query', 'header', 'cookie', 'querystring'])

/** Counts the doctor prints: tracked operations and their declared (status, content type) tuples. */
export interface OperationCounts {
  operations: number
  responses: number
}

const TRACKED = new Set<string>(TRACKED_METHODS)

/**
 * Operations, their parameters and responses: the shapes the validator relies on, response keys,
 * parameters against the path template, duplicate operationIds.
 */
export function checkOperations(spec: LoadedSpec, sink: IssueSink): OperationCounts {
  const counts: OperationCounts = { operations: 0, responses: 0 }
  const operationIds = new Map<string, string>()
  for (const operation of spec.operations) {
    const label = `${operation.method} ${operation.path}`
    const tracked = operation.isAdditional || TRACKED.has(operation.method)
    if (!isObject(operation.operation)) {
      sink.error(
        'structure',
        `Malformed operation ${label}: expected object, got ${shortTypeOf(operation.operation)}.`,
        null,
        operation.pointer,
      )
      continue
    }
    if (tracked) counts.operations++
    if (operation.operationId !== undefined) {
      const first = operationIds.get(operation.operationId)
      if (first === undefined) operationIds.set(operation.operationId, label)
      else {
        sink.error(
          'structure',
          `operationId '${operation.operationId}' of ${label} is already used by ${first}; operationIds must be unique.`,
          'Rename one of them.',
          `${operation.pointer}/operationId`,
        )
      }
    }
    checkParameters(spec, operation, label, sink)
    if (operation.requestBody !== undefined) {
      const body = follow(spec.document, operation.requestBody as JsonValue)
      if (!isObject(body)) {
        sink.error(
          'structure',
          `Malformed 'requestBody' for ${label}: expected object, got ${shortTypeOf(body)}.`,
          null,
          `${operation.pointer}/requestBody`,
        )
      } else {
        checkContent(
          spec,
          body.content,
          'requestBody.content',
          label,
          `${operation.pointer}/requestBody/content`,
          sink,
        )
      }
    }
    const tuples = checkResponses(spec, operation, label, sink)
    if (tracked) counts.responses += tuples
  }
  return counts
}

function checkParameters(
  spec: LoadedSpec,
  operation: IndexedOperation,
  label: string,
  sink: IssueSink,
): void {
  const pointer = `${operation.pointer}/parameters`
  const declaredPath = new Set<string>()
  let querystrings = 0
  let queries = 0
  for (const raw of operation.parameters) {
    const parameter = follow(spec.document, raw as JsonValue)
    if (!isObject(parameter)) {
      sink.error(
        'structure',
        `Malformed parameter entry for ${label}: expected object, got ${shortTypeOf(parameter)}.`,
        null,
        pointer,
      )
      continue
    }
    if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') {
      sink.error(
        'structure',
        `Malformed parameter entry for ${label}: 'name' and 'in' must be strings.`,
        null,
        pointer,
      )
      continue
    }
    const { name } = parameter
    if (!PARAMETER_LOCATIONS.has(parameter.in)) {
      sink.error(
        'structure',
        `Parameter '${name}' of ${label} has in: '${parameter.in}'; expected path, query, header, cookie${spec.version === '3.2' ? ' or querystring' : ''}.`,
        null,
        pointer,
      )
      continue
    }
    if (parameter.in === 'path') declaredPath.add(name)
    if (parameter.in === 'query') queries++
    if (parameter.in === 'querystring') querystrings++
    if (parameter.in === 'header' && RESERVED_HEADERS.has(name.toLowerCase())) {
      sink.warning(
        'structure',
        `Reserved in:header parameter declared for ${label}: [header.${name}]. OpenAPI 3.x (§4.7.12.1) says Accept, Content-Type and Authorization header parameters SHALL be ignored; request validation reports them as a spec error.`,
        `Remove it: describe Accept and Content-Type with content types and Authorization with a security scheme.`,
        pointer,
      )
    }
    if (parameter.schema === undefined && parameter.content === undefined && parameter.required === true) {
      sink.warning(
        'structure',
        `Required ${parameter.in} parameter '${name}' of ${label} has no schema; request validation cannot check its value.`,
        'Add a `schema`.',
        pointer,
      )
    }
  }
  if (querystrings > 1 || (querystrings === 1 && queries > 0)) {
    sink.error(
      'structure',
      `${label} declares ${querystrings > 1 ? 'more than one in: querystring parameter' : 'an in: querystring parameter next to in: query parameters'}; OpenAPI 3.2 allows one querystring parameter and no query parameters beside it.`,
      null,
      pointer,
    )
  }
  // Every `{name}` the matcher captures: whole segments and those inside mixed segments (`{id}.json`).
  const placeholders = templatePlaceholders(operation.path)
  for (const placeholder of new Set(placeholders)) {
    if (!declaredPath.has(placeholder)) {
      sink.error(
        'structure',
        `Placeholder {${placeholder}} in ${label} is not declared as an 'in: path' parameter; request validation fails every request to it (OpenAPI requires every placeholder to be declared).`,
        `Declare \`{ name: ${placeholder}, in: path, required: true, schema: ... }\` on the path item or the operation.`,
        pointer,
      )
    }
  }
  for (const name of declaredPath) {
    if (!placeholders.includes(name)) {
      sink.error(
        'structure',
        `Path parameter '${name}' of ${label} is declared but '${operation.path}' has no {${name}} placeholder; request validation reports it as not captured.`,
        'Remove the parameter or fix the template.',
        pointer,
      )
    }
  }
}

/** Checks responses; returns the number of declared (status, content type) tuples. */
function checkResponses(
  spec: LoadedSpec,
  operation: IndexedOperation,
  label: string,
  sink: IssueSink,
): number {
  const pointer = `${operation.pointer}/responses`
  const responses = operation.responses
  if (responses === undefined) {
    const strict = spec.version === '3.0'
    sink.add(
      strict ? 'error' : 'warning',
      'structure',
      `${label} declares no responses${strict ? '; OpenAPI 3.0 requires them' : ''}: coverage has nothing to track and every response fails validation with "Status code … not defined".`,
      'Document the responses the operation returns.',
      operation.pointer,
    )
    return 0
  }
  if (!isObject(responses)) {
    sink.error(
      'structure',
      `Malformed 'responses' for ${label}: expected object, got ${shortTypeOf(responses)}.`,
      null,
      pointer,
    )
    return 0
  }
  const keys = Object.keys(responses).filter((k) => !k.startsWith('x-'))
  if (keys.length === 0) {
    sink.add(
      spec.version === '3.0' ? 'error' : 'warning',
      'structure',
      `${label} has an empty responses object: every response fails validation with "Status code … not defined".`,
      'Document the responses the operation returns.',
      pointer,
    )
    return 0
  }
  let tuples = 0
  for (const key of keys) {
    const at = `${pointer}/${escapePointerToken(key)}`
    if (!/^[1-5]\d\d$/.test(key) && !/^[1-5](XX|xx)$/.test(key) && key !== 'default') {
      sink.error(
        'structure',
        `Response key '${key}' of ${label} is not an HTTP status (100-599), a range (1XX-5XX) or 'default': no response ever matches it.`,
        "Use a status such as '200', a range such as '4XX', or 'default'; prefix extensions with 'x-'.",
        at,
      )
      continue
    }
    const response = follow(spec.document, (responses as JsonObject)[key])
    if (!isObject(response)) {
      sink.error(
        'structure',
        `Malformed 'responses[${key}]' for ${label}: expected object, got ${shortTypeOf(response)}.`,
        null,
        at,
      )
      continue
    }
    tuples += checkContent(spec, response.content, `responses[${key}].content`, label, `${at}/content`, sink)
  }
  return tuples
}

/** Checks a `content` map; returns the number of tuples it declares (1 when there is no content). */
export function checkContent(
  spec: LoadedSpec,
  raw: JsonValue | undefined,
  location: string,
  label: string,
  pointer: string,
  sink: IssueSink,
): number {
  if (raw === undefined) return 1
  const content = follow(spec.document, raw)
  if (!isObject(content)) {
    sink.error(
      'structure',
      `Malformed \`${location}\` for ${label}: expected object, got ${shortTypeOf(content)}.`,
      null,
      pointer,
    )
    return 1
  }
  const entries = Object.entries(content)
  if (entries.length === 0) return 1
  for (const [mediaType, rawMedia] of entries) {
    const at = `${pointer}/${escapePointerToken(mediaType)}`
    const media = follow(spec.document, rawMedia)
    if (!isObject(media)) {
      sink.error(
        'structure',
        `Malformed \`${location}["${mediaType}"]\` for ${label}: expected object, got ${shortTypeOf(media)}.`,
        null,
        at,
      )
      continue
    }
    for (const keyword of ['schema', 'itemSchema'] as const) {
      const schema = media[keyword]
      if (schema === undefined) continue
      const followed = follow(spec.document, schema)
      const ok = isObject(followed) || (spec.version !== '3.0' && typeof followed === 'boolean')
      if (!ok) {
        sink.error(
          'structure',
          `Malformed \`${location}["${mediaType}"].${keyword}\` for ${label}: expected object, got ${shortTypeOf(followed)}.`,
          null,
          `${at}/${keyword}`,
        )
      }
    }
  }
  return entries.length
}
