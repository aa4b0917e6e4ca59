import {
  isJsonMediaType,
  isObject,
  type JsonObject,
  type JsonValue,
  normalizeMediaType,
  RESERVED_HEADERS,
} from '@contracttool/kernel'
import { follow, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import type { StubAdapter } from '../types.js'
import { isRangeMediaType } from './media.js'
import { type PickedValue, pickBodyValue, pickParameterValue } from './values.js'

export type BodyKind = 'json' | 'form' | 'multipart' | 'raw'

export interface RequestBodyModel {
  /** The declared media type, sent as Content-Type. */
  readonly mediaType: string
  readonly kind: BodyKind
  readonly value: PickedValue
  /** Multipart parts that are files (binary strings). */
  readonly fileFields: readonly string[]
}

/** Everything a generated request sends, adapter-neutral. */
export interface RequestModel {
  readonly method: string
  /** Request target: prefix + concrete path + required query parameters. */
  readonly url: string
  /**
   * The same target with path parameters no example names (`/pets/999999999`): what a 404 test asks for,
   * so it never reuses an id the spec's examples (and so the app's fixtures) hold.
   */
  readonly missingUrl: string
  /** Required header parameters, then a Cookie header for required cookies. */
  readonly headers: readonly (readonly [string, string])[]
  readonly body: RequestBodyModel | undefined
  /** `// TODO` lines for the test (values without examples, authentication, omitted optional bodies). */
  readonly todos: readonly string[]
}

export type RequestOutcome =
  | { readonly kind: 'ok'; readonly model: RequestModel }
  | { readonly kind: 'dead-end'; readonly reason: string }

/** Methods Node's HTTP parser accepts (upper case): the only ones supertest and fastify can send. */
const NODE_HTTP_METHODS = new Set([
  'ACL',
  'BIND',
  'CHECKOUT',
  'CONNECT',
  'COPY',
  'DELETE',
  'GET',
  'HEAD',
  'LINK',
  'LOCK',
  'M-SEARCH',
  'MERGE',
  'MKACTIVITY',
  'MKCALENDAR',
  'MKCOL',
  'MOVE',
  'NOTIFY',
  'OPTIONS',
  'PATCH',
  'POST',
  'PROPFIND',
  'PROPPATCH',
  'PURGE',
  'PUT',
  'QUERY',
  'REBIND',
  'REPORT',
  'SEARCH',
  'SOURCE',
  'SUBSCRIBE',
  'TRACE',
  'UNBIND',
  'UNLINK',
  'UNLOCK',
  'UNSUBSCRIBE',
])

/** Methods WHATWG fetch refuses to send. */
const FORBIDDEN_FETCH_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** The concrete request a stub sends for `operation`, or why the adapter cannot send it. */
export function buildRequestModel(
  spec: LoadedSpec,
  operation: IndexedOperation,
  adapter: Exclude<StubAdapter, 'plain'>,
  prefix: string,
): RequestOutcome {
  const methodProblem = unsendableMethod(operation.method, adapter)
  if (methodProblem !== undefined) return { kind: 'dead-end', reason: methodProblem }
  const document = spec.document
  const todos: string[] = []
  const parameters = operation.parameters.map((p) => follow(document, p as JsonValue)).filter(isObject)
  const byIn = (location: string) => parameters.filter((p) => p.in === location && typeof p.name === 'string')

  const target = buildTarget(document, operation, todos)
  const missing = buildTarget(document, operation, [], true)
  const withPrefix = (t: { path: string; query: string }) =>
    t.path === '/' && prefix !== '' ? `${prefix}/${t.query}` : `${prefix}${t.path}${t.query}`

  const headers: [string, string][] = []
  for (const parameter of byIn('header')) {
    const name = parameter.name as string
    if (parameter.required !== true || RESERVED_HEADERS.has(name.toLowerCase())) continue
    const picked = pickParameterValue(document, parameter)
    if (picked.isTodo) todos.push(`choose a value for header '${name}'.`)
    headers.push([name, scalarText(picked.value)])
  }
  const cookies: string[] = []
  for (const parameter of byIn('cookie')) {
    if (parameter.required !== true) continue
    const name = parameter.name as string
    const picked = pickParameterValue(document, parameter)
    if (picked.isTodo) todos.push(`choose a value for cookie '${name}'.`)
    cookies.push(`${name}=${encodeURIComponent(scalarText(picked.value))}`)
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')])

  const authentication = describeSecurity(document, operation.security)
  if (authentication !== undefined) todos.push(`authenticate: ${authentication}.`)

  const body = buildBody(spec, operation, todos)
  if (body.kind === 'dead-end') return body

  return {
    kind: 'ok',
    model: {
      method: operation.method,
      url: withPrefix(target),
      missingUrl: withPrefix(missing),
      headers,
      body: body.body,
      todos,
    },
  }
}

/**
 * The concrete path (placeholders filled from path parameters) and the query string of required query
 * parameters (`''` or `?a=1&b=2`). Values without an example add a TODO line.
 */
export function buildTarget(
  document: JsonObject,
  operation: IndexedOperation,
  todos: string[],
  isMissing = false,
): { readonly path: string; readonly query: string } {
  const parameters = operation.parameters.map((p) => follow(document, p as JsonValue)).filter(isObject)
  const byIn = (location: string) => parameters.filter((p) => p.in === location && typeof p.name === 'string')
  let path = operation.path
  for (const parameter of byIn('path')) {
    const name = parameter.name as string
    const picked = pickParameterValue(document, parameter)
    if (picked.isTodo) todos.push(`choose a value for path parameter '${name}'.`)
    const value = isMissing ? missingValue(document, parameter, picked.value) : picked.value
    path = path.replaceAll(`{${name}}`, encodeURIComponent(scalarText(value)))
  }
  for (const placeholder of path.match(/\{[^}/]*\}/g) ?? []) {
    todos.push(`path placeholder ${placeholder} is not declared as an 'in: path' parameter; choose a value.`)
    path = path.replaceAll(placeholder, 'TODO')
  }

  const query: string[] = []
  for (const parameter of byIn('query')) {
    if (parameter.required !== true) continue
    const name = parameter.name as string
    const picked = pickParameterValue(document, parameter)
    if (picked.isTodo) todos.push(`choose a value for query parameter '${name}'.`)
    const values = Array.isArray(picked.value) ? picked.value : [picked.value]
    for (const value of values)
      query.push(`${encodeURIComponent(name)}=${encodeURIComponent(scalarText(value))}`)
  }
  for (const parameter of byIn('querystring')) {
    if (parameter.required === true) {
      todos.push(
        `send the query string parameter '${parameter.name as string}' (OpenAPI 3.2 'in: querystring').`,
      )
    }
  }

  return { path, query: query.length > 0 ? `?${query.join('&')}` : '' }
}

// A path parameter value that names nothing the spec's examples name: a large number, a nil UUID, a word.
function missingValue(document: JsonObject, parameter: JsonObject, picked: JsonValue): JsonValue {
  const schema = follow(document, parameter.schema as JsonValue)
  const type = isObject(schema) ? schema.type : undefined
  const format = isObject(schema) ? schema.format : undefined
  if (isObject(schema) && Array.isArray(schema.enum)) return picked
  if (type === 'integer' || type === 'number') return picked === 999999999 ? 999999998 : 999999999
  if (format === 'uuid') return '00000000-0000-0000-0000-000000000000'
  return picked === 'does-not-exist' ? 'does-not-exist-2' : 'does-not-exist'
}

function unsendableMethod(method: string, adapter: Exclude<StubAdapter, 'plain'>): string | undefined {
  if (adapter === 'fetch') {
    if (FORBIDDEN_FETCH_METHODS.has(method.toUpperCase()))
      return `fetch refuses to send the method ${method}.`
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method)) return `'${method}' is not a valid HTTP method token.`
    return undefined
  }
  if (!NODE_HTTP_METHODS.has(method)) {
    return `${adapter} sends requests through Node's HTTP parser, which accepts only registered upper-case methods, not '${method}'; use --adapter=fetch or --adapter=plain.`
  }
  return undefined
}

type BodyOutcome =
  | { readonly kind: 'ok'; readonly body: RequestBodyModel | undefined }
  | { readonly kind: 'dead-end'; readonly reason: string }

/**
 * Picks the request media type whose schema is enforced (JSON, then form, then multipart, then any other
 * concrete type, in spec order within each group). A range key (`text/*`) has no Content-Type a test can
 * name: a required body with only range keys, or with no `content` at all, is a dead end; an optional one
 * is left out.
 */
function buildBody(spec: LoadedSpec, operation: IndexedOperation, todos: string[]): BodyOutcome {
  const document = spec.document
  const requestBody = follow(document, operation.requestBody as JsonValue | undefined)
  if (!isObject(requestBody)) return { kind: 'ok', body: undefined }
  const required = requestBody.required === true
  const content = follow(document, requestBody.content)
  const keys = isObject(content) ? Object.keys(content) : []
  const rank = (key: string): number => {
    if (isRangeMediaType(key)) return 9
    if (isJsonMediaType(key)) return 0
    const essence = normalizeMediaType(key)
    if (essence === 'application/x-www-form-urlencoded') return 1
    if (essence === 'multipart/form-data') return 2
    return 3
  }
  const ranked = keys
    .map((key, index) => ({ key, index, rank: rank(key) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
  const chosen = ranked[0]
  if (chosen === undefined || chosen.rank === 9) {
    const why =
      chosen === undefined
        ? 'the request body declares no media type, so no Content-Type can be chosen'
        : `the request body only declares media type range${keys.length > 1 ? 's' : ''} (${keys.join(', ')}), which name${keys.length > 1 ? '' : 's'} no Content-Type`
    if (required) return { kind: 'dead-end', reason: `${why}.` }
    todos.push(`the optional request body is left out: ${why}.`)
    return { kind: 'ok', body: undefined }
  }
  const media = isObject(content) ? content[chosen.key] : undefined
  const kind: BodyKind =
    chosen.rank === 0 ? 'json' : chosen.rank === 1 ? 'form' : chosen.rank === 2 ? 'multipart' : 'raw'
  const value = pickBodyValue(document, media)
  if (value.isTodo)
    todos.push(`the spec has no example for the ${chosen.key} request body; fill in a valid one.`)
  return {
    kind: 'ok',
    body: {
      mediaType: chosen.key,
      kind,
      value,
      fileFields: kind === 'multipart' ? fileFields(document, media) : [],
    },
  }
}

/** Properties of a multipart schema that carry file content (binary strings). */
function fileFields(document: JsonObject, media: JsonValue | undefined): string[] {
  const mediaObject = follow(document, media)
  if (!isObject(mediaObject)) return []
  const schema = follow(document, mediaObject.schema)
  if (!isObject(schema)) return []
  const out: string[] = []
  const parts = [
    schema,
    ...(Array.isArray(schema.allOf) ? schema.allOf.map((b) => follow(document, b)).filter(isObject) : []),
  ]
  for (const part of parts) {
    const properties = follow(document, part.properties)
    if (!isObject(properties)) continue
    for (const [name, raw] of Object.entries(properties)) {
      const property = follow(document, raw)
      if (!isObject(property) || out.includes(name)) continue
      const items = follow(document, property.items)
      const candidate = property.type === 'array' && isObject(items) ? items : property
      if (
        candidate.format === 'binary' ||
        candidate.format === 'base64' ||
        typeof candidate.contentMediaType === 'string' ||
        typeof candidate.contentEncoding === 'string'
      ) {
        out.push(name)
      }
    }
  }
  return out
}

/** How to authenticate, when the effective security demands credentials; undefined otherwise. */
function describeSecurity(document: JsonObject, security: JsonValue | undefined): string | undefined {
  if (!Array.isArray(security) || security.length === 0) return undefined
  if (security.some((entry) => isObject(entry) && Object.keys(entry).length === 0)) return undefined
  const components = follow(document, document.components)
  const schemes = isObject(components) ? follow(document, components.securitySchemes) : null
  const alternatives: string[] = []
  for (const entry of security) {
    if (!isObject(entry)) continue
    const parts = Object.keys(entry).map((name) => {
      const scheme = isObject(schemes) ? follow(document, schemes[name]) : null
      return `${name} (${describeScheme(scheme)})`
    })
    alternatives.push(parts.join(' and '))
  }
  return alternatives.length === 0 ? undefined : alternatives.join(' or ')
}

function describeScheme(scheme: JsonValue): string {
  if (!isObject(scheme)) return 'undefined scheme'
  const type = scheme.type
  if (type === 'http') {
    const name = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : ''
    if (name === 'bearer') return 'Authorization: Bearer <token>'
    if (name === 'basic') return 'Authorization: Basic <credentials>'
    return `Authorization: ${name || 'HTTP'} credentials`
  }
  if (type === 'apiKey')
    return `${typeof scheme.name === 'string' ? scheme.name : 'API key'} ${typeof scheme.in === 'string' ? scheme.in : ''}`.trim()
  if (type === 'oauth2' || type === 'openIdConnect') return 'Authorization: Bearer <access token>'
  if (type === 'mutualTLS') return 'a client certificate'
  return String(type)
}

/** The text of a value in a URL, header or form field. */
export function scalarText(value: JsonValue): string {
  if (value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map(scalarText).join(',')
  return JSON.stringify(value)
}
