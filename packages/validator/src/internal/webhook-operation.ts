import { isObject, type JsonValue } from '@contracttool/kernel'
import { escapePointerToken } from '@contracttool/kernel/internal'
import { follow, type IndexedOperation, type LoadedSpec, mergeParameters } from '@contracttool/spec-loader'
import { FIXED_METHODS } from '@contracttool/spec-loader/internal'
import type { SpecState } from './spec-state.js'

export type WebhookLookup =
  | { readonly kind: 'found'; readonly operation: IndexedOperation }
  | { readonly kind: 'no-webhook'; readonly message: string }
  | { readonly kind: 'no-method'; readonly message: string }
  | { readonly kind: 'malformed'; readonly message: string }

// Finds the operation of a 3.1+ `webhooks` entry and indexes it the way the loader indexes path
// operations (parameters merged and followed, request body followed). Webhook requests are sent by the
// API provider, so only operation-level `security` applies. Memoized per spec.
//
// @see https://spec.openapis.org/oas/v3.1.0#oasWebhooks
export function findWebhookOperation(
  state: SpecState,
  name: string,
  method: string | undefined,
): WebhookLookup {
  const spec = state.spec
  const webhooks = spec.document.webhooks
  if (webhooks !== undefined && !isObject(webhooks))
    return { kind: 'malformed', message: `Malformed 'webhooks' in '${spec.name}' spec: expected object.` }
  if (webhooks === undefined || !Object.hasOwn(webhooks, name)) {
    const names = webhooks === undefined ? [] : closest(Object.keys(webhooks), name)
    return {
      kind: 'no-webhook',
      message: `No webhook named '${name}' in '${spec.name}' spec.${names.length === 0 ? '' : `\n  closest webhooks:\n${names.map((n) => `    - ${n}`).join('\n')}`}`,
    }
  }
  const item = follow(spec.document, webhooks[name] as JsonValue)
  if (!isObject(item))
    return {
      kind: 'malformed',
      message: `Malformed 'webhooks[${JSON.stringify(name)}]' in '${spec.name}' spec: expected object.`,
    }
  const declared = FIXED_METHODS.filter((key) => item[key] !== undefined)
  const methodKey =
    method === undefined ? (declared.length === 1 ? declared[0] : 'post') : method.toLowerCase()
  if (methodKey === undefined || item[methodKey] === undefined) {
    return {
      kind: 'no-method',
      message: `Method ${method ?? 'POST'} not defined for webhook '${name}' in '${spec.name}' spec. Defined methods: ${
        declared.length === 0 ? '(none)' : declared.map((key) => key.toUpperCase()).join(', ')
      }.`,
    }
  }
  const memoKey = `webhook:${methodKey}:${name}`
  const cached = state.memo.get(memoKey) as IndexedOperation | undefined
  if (cached !== undefined) return { kind: 'found', operation: cached }
  const operation = indexWebhook(spec, name, item, methodKey)
  state.memo.set(memoKey, operation)
  return { kind: 'found', operation }
}

function indexWebhook(
  spec: LoadedSpec,
  name: string,
  item: Record<string, JsonValue>,
  methodKey: string,
): IndexedOperation {
  const document = spec.document
  const raw = follow(document, item[methodKey] as JsonValue)
  const op = isObject(raw) ? raw : undefined
  const parameters = mergeParameters(
    (entry) => follow(document, entry),
    Array.isArray(item.parameters) ? item.parameters : [],
    Array.isArray(op?.parameters) ? op.parameters : [],
  )
  const method = methodKey.toUpperCase()
  const hasSecurity = op !== undefined && Object.hasOwn(op, 'security')
  return {
    method,
    methodKey,
    isAdditional: false,
    path: name,
    key: `${method} ${name}`,
    pointer: `#/webhooks/${escapePointerToken(name)}/${methodKey}`,
    operationId: typeof op?.operationId === 'string' ? op.operationId : undefined,
    tags: Array.isArray(op?.tags) ? op.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    deprecated: op?.deprecated === true,
    operation: raw,
    parameters,
    requestBody: op?.requestBody === undefined ? undefined : follow(document, op.requestBody),
    responses: op?.responses,
    security: hasSecurity ? op.security : undefined,
    securitySource: hasSecurity ? 'operation' : 'none',
  }
}

// Up to three names sharing the longest prefix with `name`.
function closest(names: readonly string[], name: string): string[] {
  const common = (a: string): number => {
    let i = 0
    while (i < a.length && i < name.length && a[i] === name[i]) i++
    return i
  }
  return [...names].sort((a, b) => common(b) - common(a) || a.localeCompare(b)).slice(0, 3)
}
