import { isObject, type JsonObject, type JsonValue, sequentialMediaFormat } from '@contracttool/kernel'
import { describesText, type IndexedOperation } from '@contracttool/spec-loader'
import {
  findMediaKey,
  firstJsonKey,
  isJsonMediaType,
  isOtherVariant,
  normalizeMediaType,
} from './media-type.js'
import { type HeaderCheck, readHeaderChecks } from './response-headers.js'
import type { CompiledSchema } from './schema-registry.js'
import type { SpecState } from './spec-state.js'
import { resolveStatusKey } from './status-key.js'
import { type SequencePlan, sequencePlan } from './validate-sequence.js'

// What the spec says about one (operation, status), read once: every later response with that status
// goes straight to its checks. Only what the response itself carries (Content-Type, headers, body)
// is looked at per call.
export interface ResponsePlan {
  readonly statusKey: string
  readonly content: ContentPlan
  // The header checks of the response's `headers`, read on first use.
  headers: readonly HeaderCheck[] | undefined
  // Media plans by Content-Type as sent (`undefined` when none was sent).
  readonly media: Map<string | undefined, MediaPlan>
}

// The response object and its `content` map.
export type ContentPlan =
  | { readonly kind: 'malformed-entry'; readonly entry: JsonValue | undefined }
  // No `content`, or an empty one: the response has no body to check.
  | { readonly kind: 'none'; readonly entry: JsonObject }
  | { readonly kind: 'malformed-content'; readonly entry: JsonObject; readonly content: JsonValue }
  | {
      readonly kind: 'content'
      readonly entry: JsonObject
      readonly content: JsonObject
      // In spec order.
      readonly keys: readonly string[]
    }

// The media type entry a Content-Type selects, and what the spec lets the validator do with it.
export type MediaPlan =
  // The Content-Type is not declared (and no JSON fallback applies).
  | { readonly kind: 'undefined' }
  // Nothing JSON to fall back on when no Content-Type was sent.
  | { readonly kind: 'no-json'; readonly streaming: boolean }
  // The media type object, or its `schema` / `itemSchema`, is not a schema.
  | {
      readonly kind: 'malformed'
      readonly key: string
      readonly keyword: 'schema' | 'itemSchema' | undefined
      readonly value: JsonValue | undefined
    }
  // An `itemSchema` on a media type that is not a sequential format read here (`multipart/mixed`).
  | { readonly kind: 'item-schema'; readonly key: string }
  // A sequential media type (JSON Lines, NDJSON, json-seq, server-sent events) with `itemSchema` or `schema`.
  | { readonly kind: 'sequence'; readonly key: string; readonly plan: SequencePlan }
  // A non-JSON type whose schema describes a string: the raw text is validated against it.
  | {
      readonly kind: 'text'
      readonly key: string
      readonly schema: JsonValue
      compiled: CompiledSchema | undefined
    }
  | { readonly kind: 'not-json'; readonly key: string; readonly hasSchema: boolean }
  | { readonly kind: 'no-schema'; readonly key: string }
  | {
      readonly kind: 'json'
      readonly key: string
      // The Content-Type sent is JSON but not declared: `key` is the first JSON key, a fallback.
      readonly undeclared: boolean
      readonly schema: JsonValue
      // Compiled on the first body validated against it.
      compiled: CompiledSchema | undefined
    }

// Distinct Content-Type spellings remembered per response; further ones are worked out on every call.
const MEDIA_LIMIT = 32

// `null`: no response key covers the status. Kept per response registry: plans hold schemas compiled by it,
// and `useFormats()` replaces it.
const plansByRegistry = new WeakMap<object, WeakMap<IndexedOperation, Map<number, ResponsePlan | null>>>()

// The plan of `operation` for `status`, undefined when no response key covers the status; `responses`
// is the operation's (object) responses map. Resolving the status key warns once per spec about
// suspicious keys, as the first call always did.
export function responsePlan(
  state: SpecState,
  operation: IndexedOperation,
  responses: JsonObject,
  status: number,
): ResponsePlan | undefined {
  const registry = state.registry('response')
  let plans = plansByRegistry.get(registry)
  if (plans === undefined) {
    plans = new WeakMap()
    plansByRegistry.set(registry, plans)
  }
  let byStatus = plans.get(operation)
  if (byStatus === undefined) {
    byStatus = new Map()
    plans.set(operation, byStatus)
  }
  let plan = byStatus.get(status)
  if (plan === undefined) {
    plan = createPlan(state, operation, responses, status)
    byStatus.set(status, plan)
  }
  return plan ?? undefined
}

function createPlan(
  state: SpecState,
  operation: IndexedOperation,
  responses: JsonObject,
  status: number,
): ResponsePlan | null {
  const resolution = resolveStatusKey(responses, status)
  if (resolution.kind === 'none') return null
  const statusKey = resolution.key
  for (const key of resolution.suspicious) {
    state.warn(
      `suspicious-key:${operation.key}:${key}`,
      `[OpenAPI] spec '${state.spec.name}' ${operation.method} ${operation.path}: response key '${key}' is not a valid HTTP status, range key (1XX-5XX / 1xx-5xx), or 'default'; falling back to 'default' may be hiding a typo.`,
    )
  }
  return { statusKey, content: readContent(responses[statusKey]), headers: undefined, media: new Map() }
}

function readContent(entry: JsonValue | undefined): ContentPlan {
  if (!isObject(entry)) return { kind: 'malformed-entry', entry }
  const content = entry.content
  if (content === undefined) return { kind: 'none', entry }
  if (!isObject(content)) return { kind: 'malformed-content', entry, content }
  const keys = Object.keys(content)
  return keys.length === 0 ? { kind: 'none', entry } : { kind: 'content', entry, content, keys }
}

// The header checks of a documented response (read once; see `readHeaderChecks`).
export function headerChecksOf(plan: ResponsePlan, operation: IndexedOperation): readonly HeaderCheck[] {
  if (plan.headers === undefined) {
    const entry = plan.content.entry as JsonObject
    plan.headers = readHeaderChecks(entry.headers, operation, plan.statusKey)
  }
  return plan.headers
}

// The media plan for a response Content-Type, worked out once per spelling.
export function mediaPlan(
  plan: ResponsePlan,
  content: Extract<ContentPlan, { kind: 'content' }>,
  contentType: string | undefined,
  version: string,
  document: JsonObject,
  pointer: (key: string) => string,
): MediaPlan {
  let media = plan.media.get(contentType)
  if (media === undefined) {
    media = readMedia(content, negotiate(content.keys, contentType), contentType, version, document, pointer)
    if (plan.media.size < MEDIA_LIMIT) plan.media.set(contentType, media)
  }
  return media
}

type Negotiation =
  | { readonly kind: 'found'; readonly key: string; readonly json: boolean; readonly undeclared: boolean }
  | { readonly kind: 'undefined' }
  | { readonly kind: 'no-json' }

const MEDIA_SCHEMA_KEYWORDS = ['schema', 'itemSchema'] as const

function readMedia(
  content: Extract<ContentPlan, { kind: 'content' }>,
  negotiation: Negotiation,
  contentType: string | undefined,
  version: string,
  document: JsonObject,
  pointer: (key: string) => string,
): MediaPlan {
  if (negotiation.kind === 'undefined') return { kind: 'undefined' }
  if (negotiation.kind === 'no-json') {
    const streaming = content.keys.some(
      (key) =>
        isObject(content.content[key]) && (content.content[key] as JsonObject).itemSchema !== undefined,
    )
    return { kind: 'no-json', streaming }
  }
  const key = negotiation.key
  const media = content.content[key]
  if (!isObject(media)) return { kind: 'malformed', key, keyword: undefined, value: media }
  for (const keyword of MEDIA_SCHEMA_KEYWORDS) {
    const value = media[keyword]
    if (value !== undefined && !isObject(value) && !(version !== '3.0' && typeof value === 'boolean')) {
      return { kind: 'malformed', key, keyword, value }
    }
  }
  const schema = media.schema
  // OpenAPI 3.2 reads a sequence's `schema` as describing the array of its items; before 3.2 such a
  // `schema` keeps its old reading (often `type: string`, the text).
  if (!negotiation.json && (media.itemSchema !== undefined || (version === '3.2' && schema !== undefined))) {
    // A range key (`application/*`) takes the format of the type sent.
    const format =
      sequentialMediaFormat(key) ??
      (contentType === undefined ? undefined : sequentialMediaFormat(contentType))
    if (format !== undefined) {
      return { kind: 'sequence', key, plan: sequencePlan(format, media, () => pointer(key)) }
    }
  }
  if (schema === undefined && media.itemSchema !== undefined) return { kind: 'item-schema', key }
  if (!negotiation.json) {
    if (schema !== undefined && describesText(document, schema))
      return { kind: 'text', key, schema, compiled: undefined }
    return { kind: 'not-json', key, hasSchema: schema !== undefined }
  }
  if (schema === undefined) return { kind: 'no-schema', key }
  return { kind: 'json', key, undeclared: negotiation.undeclared, schema, compiled: undefined }
}

// Picks the media type entry for the response. A JSON type (`application/json`, `…+json`) looks for
// its exact key, then `type/*`, then `*/*`, and otherwise falls back to the first JSON key (the
// result then carries a note when the body fails). Other types look for exact, range, wildcard.
// Without a Content-Type, the first JSON key (or a range covering JSON) is used.
//
// @see https://spec.openapis.org/oas/v3.1.0#media-type-object
function negotiate(keys: readonly string[], contentType: string | undefined): Negotiation {
  const normalized = contentType === undefined ? '' : normalizeMediaType(contentType)
  if (normalized === '') {
    const key = firstJsonKey(keys) ?? findMediaKey(keys, 'application/json')
    return key === undefined ? { kind: 'no-json' } : { kind: 'found', key, json: true, undeclared: false }
  }
  const declared = findMediaKey(keys, normalized, contentType ?? normalized)
  if (isJsonMediaType(normalized)) {
    if (declared !== undefined) return { kind: 'found', key: declared, json: true, undeclared: false }
    if (isOtherVariant(keys, normalized)) return { kind: 'undefined' }
    const fallback = firstJsonKey(keys)
    return fallback === undefined
      ? { kind: 'undefined' }
      : { kind: 'found', key: fallback, json: true, undeclared: true }
  }
  return declared === undefined
    ? { kind: 'undefined' }
    : { kind: 'found', key: declared, json: false, undeclared: false }
}
