import {
  isObject,
  type JsonObject,
  type JsonValue,
  normalizeMediaType,
  RESERVED_HEADERS,
} from '@contracttool/kernel'
import { escapePointerToken, schemaTypeOf } from '@contracttool/kernel/internal'
import type { IndexedOperation } from '@contracttool/spec-loader'
import type { Violation, ViolationLocation } from '../types.js'
import { coerceValue, readShape, type ValueShape, wantsArray, wantsObject } from './coerce.js'
import { type HeaderIndex, headerValues } from './header-values.js'
import { defineKey } from './lower-schema.js'
import {
  type Deserialized,
  deserializePath,
  deserializeQuery,
  type QueryMap,
  splitSimple,
  type ValueKind,
} from './parameter-styles.js'
import { runSchema } from './run-schema.js'
import type { SpecState } from './spec-state.js'
import { plainViolation } from './spec-violations.js'

// Request parts parameters are read from. Undefined parts were not captured and are not checked.
export interface ParameterSources {
  readonly pathParams: Readonly<Record<string, string>> | undefined
  readonly query: QueryMap | undefined
  // The query string as sent, when known: `allowReserved` is checked on it.
  readonly rawQuery?: string | undefined
  readonly headers: HeaderIndex | undefined
  readonly cookies: Readonly<Record<string, string | undefined>> | undefined
}

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie', 'querystring'])

// Validates every parameter of the operation (path-item and operation parameters, merged by the
// loader): presence of required ones, style/explode decoding, strict string coercion, then the schema.
// Violations come grouped: spec problems, path, query, header, cookie.
//
// @see https://spec.openapis.org/oas/v3.1.0#parameter-object
export function validateParameters(
  state: SpecState,
  operation: IndexedOperation,
  sources: ParameterSources,
): Violation[] {
  const groups: Record<'spec' | ViolationLocation, Violation[]> = {} as never
  const push = (group: 'spec' | ViolationLocation, ...violations: Violation[]): void => {
    const list = groups[group] ?? []
    list.push(...violations)
    groups[group] = list
  }
  const where = `${operation.method} ${operation.path}`
  const declaredPath = new Set<string>()
  const queryNames = new Set<string>()
  let querystrings = 0
  let hasQuery = false
  for (const parameter of operation.parameters) {
    if (isObject(parameter) && parameter.in === 'path' && typeof parameter.name === 'string')
      declaredPath.add(parameter.name)
    if (isObject(parameter) && parameter.in === 'query' && typeof parameter.name === 'string') {
      queryNames.add(parameter.name)
      hasQuery = true
    }
    if (isObject(parameter) && parameter.in === 'querystring') querystrings++
  }
  if (querystrings > 1)
    push(
      'spec',
      plainViolation(
        'malformed-spec',
        'spec',
        `[querystring] ${where} declares ${querystrings} 'in: querystring' parameters; at most one is allowed.`,
      ),
    )
  if (querystrings > 0 && hasQuery) {
    push(
      'spec',
      plainViolation(
        'malformed-spec',
        'spec',
        `[querystring] ${where} mixes 'in: querystring' with 'in: query' parameters, which OpenAPI forbids.`,
      ),
    )
  }

  for (const parameter of operation.parameters) {
    if (!isObject(parameter)) {
      push(
        'spec',
        plainViolation(
          'malformed-spec',
          'spec',
          `Malformed parameter entry for ${where}: expected object, got ${schemaTypeOf(parameter)}.`,
        ),
      )
      continue
    }
    const name = parameter.name
    const location = parameter.in
    if (typeof name !== 'string' || typeof location !== 'string' || !LOCATIONS.has(location)) {
      push(
        'spec',
        plainViolation(
          'malformed-spec',
          'spec',
          `Malformed parameter entry for ${where}: 'name' must be a string and 'in' one of path, query, header, cookie, querystring.`,
        ),
      )
      continue
    }
    if (location === 'header' && RESERVED_HEADERS.has(name.toLowerCase())) continue
    if (location === 'querystring') {
      push('querystring', ...validateQuerystring(state, operation, parameter, sources.query))
      continue
    }
    if (location === 'cookie' && sources.cookies === undefined) continue
    if (location === 'header' && sources.headers === undefined) continue
    push(
      location as ViolationLocation,
      ...validateParameter(
        state,
        operation,
        parameter,
        name,
        location as 'path' | 'query' | 'header' | 'cookie',
        sources,
        queryNames,
      ),
    )
  }
  if (sources.pathParams !== undefined) {
    for (const placeholder of Object.keys(sources.pathParams)) {
      if (declaredPath.has(placeholder)) continue
      push(
        'spec',
        plainViolation(
          'malformed-spec',
          'spec',
          `[path.${placeholder}] placeholder in ${where} template is not declared as an 'in: path' parameter — malformed spec (OpenAPI requires every placeholder to be declared).`,
          { name: placeholder },
        ),
      )
    }
  }
  return (['spec', 'path', 'query', 'querystring', 'header', 'cookie'] as const).flatMap(
    (group) => groups[group] ?? [],
  )
}

// One declared parameter as its location's reader sees it.
interface DeclaredParameter {
  readonly name: string
  readonly label: string
  readonly where: string
  readonly style: string
  readonly explode: boolean
  readonly kind: ValueKind
  readonly shape: ValueShape
  readonly sources: ParameterSources
  readonly queryNames: ReadonlySet<string>
}

// How each location reads a parameter's value from the request: the decoded value, undefined when it was
// not sent, null when that part of the request was not captured (nothing to check, not even presence), or
// a violation that ends its check.
const READ_PARAMETER: Readonly<
  Record<
    'path' | 'query' | 'header' | 'cookie',
    (p: DeclaredParameter) => Deserialized | Violation | undefined | null
  >
> = {
  path(p) {
    const captured = p.sources.pathParams?.[p.name]
    if (captured !== undefined) return deserializePath(p.name, captured, p.style, p.explode, p.kind)
    return plainViolation(
      'malformed-spec',
      'spec',
      `[path.${p.name}] declared in ${p.where} spec but not captured by path matcher.`,
      { name: p.name },
    )
  },
  query(p) {
    const query = p.sources.query
    if (query === undefined) return null
    return deserializeQuery(p.name, query, p.style, p.explode, p.kind, () =>
      objectKeys(p.shape, query, p.queryNames),
    )
  },
  header(p) {
    const values = headerValues(p.sources.headers, p.name)
    if (values === undefined) return undefined
    if (values.length > 1 && p.kind !== 'array') {
      return plainViolation(
        'header-multiple-values',
        'header',
        `[${p.label}] multiple values received (count=${values.length}) but the schema expects a single value; refusing to pick one silently.`,
        { name: p.name, actual: values.join(', ') },
      )
    }
    return { ok: true, value: splitSimple(values.join(','), p.explode, p.kind, (part) => part.trim()) }
  },
  cookie(p) {
    const { cookies } = p.sources
    const value = cookies !== undefined && Object.hasOwn(cookies, p.name) ? cookies[p.name] : undefined
    return value === undefined
      ? undefined
      : { ok: true, value: splitSimple(value, p.explode, p.kind, (part) => part) }
  },
}

// Validates one parameter in steps: read it as its location says, its presence, its style, its spelling
// in the query string, then its value (JSON content or coerced strings) against its schema.
function validateParameter(
  state: SpecState,
  operation: IndexedOperation,
  parameter: JsonObject,
  name: string,
  location: 'path' | 'query' | 'header' | 'cookie',
  sources: ParameterSources,
  queryNames: ReadonlySet<string>,
): readonly Violation[] {
  const document = state.spec.document
  const where = `${operation.method} ${operation.path}`
  const label = `${location}.${name}`
  const violationIn = location as ViolationLocation
  const required = parameter.required === true || location === 'path'
  const style =
    typeof parameter.style === 'string'
      ? parameter.style
      : location === 'query' || location === 'cookie'
        ? 'form'
        : 'simple'
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form'
  const { schema, json } = parameterSchema(parameter)
  const shape = json ? readShape(document, undefined) : readShape(document, schema)
  const kind: ValueKind = json
    ? 'primitive'
    : wantsArray(shape)
      ? 'array'
      : wantsObject(shape)
        ? 'object'
        : 'primitive'
  const declared = { name, label, where, style, explode, kind, shape, sources, queryNames }
  const raw = READ_PARAMETER[location](declared)
  if (raw === null) return []
  if (raw !== undefined && !('ok' in raw)) return [raw]
  if (raw === undefined) {
    if (!required) return []
    const noun = location === 'header' ? 'header' : `${location} parameter`
    return [
      plainViolation('required-parameter-missing', violationIn, `[${label}] required ${noun} is missing`, {
        name,
      }),
    ]
  }
  if (!raw.ok) return [plainViolation('parameter-style', violationIn, `[${label}] ${raw.reason}`, { name })]
  if (location === 'query') {
    // A `form` list or object without explode joins its items with commas, which are then not data.
    const delimiter = style === 'form' && !explode && kind !== 'primitive' ? ',' : undefined
    const sent = querySpelling(
      state.spec.version,
      parameter,
      name,
      raw.value,
      sources.rawQuery,
      label,
      delimiter,
    )
    if (sent !== undefined) return [sent]
  }
  if (schema === undefined) {
    if (!required) return []
    return [
      plainViolation(
        'parameter-no-schema',
        violationIn,
        `[${label}] required parameter has no schema for ${where} — cannot validate.`,
        { name },
      ),
    ]
  }
  let value: unknown
  if (json) {
    try {
      value = JSON.parse(String(raw.value))
    } catch {
      return [
        plainViolation(
          'schema',
          violationIn,
          `[${label}] must be JSON (its content is application/json), received ${JSON.stringify(raw.value)} (string)`,
          { name },
        ),
      ]
    }
  } else {
    value = coerceValue(document, raw.value, shape)
  }
  const registry = state.registry('request')
  const compiled = registry.compile(
    schema,
    () => `${operation.pointer}/parameters/${escapePointerToken(`${location}:${name}`)}/schema`,
  )
  return runSchema(registry, compiled, value, { in: violationIn, name, label })
}

// RFC 3986 reserved characters a query value may only carry percent-encoded unless the parameter sets
// `allowReserved`. `&`, `=` and `#` cannot be in a value at all; `+` reads as an encoded space in
// `application/x-www-form-urlencoded`, so it is left out.
const RESERVED_IN_VALUE = /[:/?[\]@!$'()*,;]/

// `allowEmptyValue` (OpenAPI 3.0; deprecated in 3.1, where its default still applies): a query
// parameter sent with an empty value (`name=` or a bare `name`) needs it. `allowReserved`: reserved
// characters sent unencoded need it; checked only when the raw query string is known.
//
// @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-10
function querySpelling(
  version: string,
  parameter: JsonObject,
  name: string,
  value: unknown,
  rawQuery: string | undefined,
  label: string,
  delimiter: string | undefined,
): Violation | undefined {
  if (value === '' && parameter.allowEmptyValue !== true) {
    return plainViolation(
      'parameter-empty',
      'query',
      `[${label}] query parameter is sent with an empty value, which needs allowEmptyValue: true${version === '3.0' ? '' : ' (deprecated since OpenAPI 3.1; describe the empty value in the schema and set it)'}`,
      { name, expected: 'a non-empty value', actual: '' },
    )
  }
  if (rawQuery === undefined || parameter.allowReserved === true) return undefined
  for (const pair of rawQuery.split('&')) {
    const equals = pair.indexOf('=')
    if (equals === -1 || decodeName(pair.slice(0, equals)) !== name) continue
    const sent = pair.slice(equals + 1)
    const found = RESERVED_IN_VALUE.exec(delimiter === undefined ? sent : sent.split(delimiter).join(''))
    if (found === null) continue
    return plainViolation(
      'parameter-reserved',
      'query',
      `[${label}] query value ${JSON.stringify(sent.length > 60 ? `${sent.slice(0, 59)}…` : sent)} carries the reserved character '${found[0]}' unencoded, which needs allowReserved: true (or send it percent-encoded)`,
      { name, actual: sent },
    )
  }
  return undefined
}

function decodeName(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}

// The keys of an exploded `form` object parameter: its declared properties, plus free keys when the object is open.
function objectKeys(shape: ValueShape, query: QueryMap, claimed: ReadonlySet<string>): readonly string[] {
  const declared = shape.properties === undefined ? [] : Object.keys(shape.properties)
  if (shape.additionalProperties === false) return declared
  const open = [...query.keys()].filter((key) => !claimed.has(key) && !declared.includes(key))
  return [...declared, ...open]
}

// A parameter's schema: `schema`, or the schema of its single `content` entry (then JSON-encoded when JSON).
function parameterSchema(parameter: JsonObject): { schema: JsonValue | undefined; json: boolean } {
  if (parameter.schema !== undefined) return { schema: parameter.schema, json: false }
  if (isObject(parameter.content)) {
    const [mediaType] = Object.keys(parameter.content)
    const media = mediaType === undefined ? undefined : parameter.content[mediaType]
    if (isObject(media) && media.schema !== undefined)
      return { schema: media.schema, json: /json/i.test(mediaType as string) }
  }
  return { schema: undefined, json: false }
}

// OpenAPI 3.2 `in: querystring`: the whole query string is one value described by a single media type.
// `application/x-www-form-urlencoded` is decoded into an object (repeated names become lists) and
// validated with coercion; other media types are warned about once and not checked.
//
// @see https://spec.openapis.org/oas/v3.2.0#parameter-locations
function validateQuerystring(
  state: SpecState,
  operation: IndexedOperation,
  parameter: JsonObject,
  query: QueryMap | undefined,
): readonly Violation[] {
  const where = `${operation.method} ${operation.path}`
  const content = parameter.content
  const keys = isObject(content) ? Object.keys(content) : []
  if (!isObject(content) || keys.length !== 1 || parameter.schema !== undefined) {
    return [
      plainViolation(
        'malformed-spec',
        'spec',
        `[querystring] ${where}: an 'in: querystring' parameter needs 'content' with exactly one media type and no 'schema'.`,
      ),
    ]
  }
  if (query === undefined) return []
  const mediaType = keys[0] as string
  if (query.size === 0) {
    return parameter.required === true
      ? [
          plainViolation(
            'required-parameter-missing',
            'querystring',
            `[querystring] required URL query string is missing for ${where}.`,
          ),
        ]
      : []
  }
  if (normalizeMediaType(mediaType) !== 'application/x-www-form-urlencoded') {
    state.warn(
      `querystring:${operation.key}`,
      `[OpenAPI 3.2 querystring] ${where}: query strings described as '${mediaType}' are not validated (only application/x-www-form-urlencoded is).`,
    )
    return []
  }
  const media = content[mediaType]
  if (!isObject(media) || media.schema === undefined) return []
  const document = state.spec.document
  const fields: Record<string, string | string[]> = {}
  for (const [key, values] of query)
    defineKey(fields, key, values.length === 1 ? (values[0] as string) : [...values])
  const value = coerceValue(document, fields, readShape(document, media.schema))
  const registry = state.registry('request')
  const compiled = registry.compile(
    media.schema,
    `${operation.pointer}/parameters/querystring/content/schema`,
  )
  return runSchema(registry, compiled, value, { in: 'querystring', label: 'querystring' })
}
