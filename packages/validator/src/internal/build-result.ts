import { defer, deferredProperty, terminalText } from '@contracttool/kernel/internal'
import type { OperationMatch, ServerBasePath } from '@contracttool/matcher/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { FIXED_METHODS } from '@contracttool/spec-loader/internal'
import type { ValidationResult, Violation } from '../types.js'
import { normalizeMediaType } from './media-type.js'

const FIXED = new Set<string>(FIXED_METHODS)

// Method as coverage tracks it: fixed methods upper case, anything else verbatim.
export function coverageMethod(method: string): string {
  return FIXED.has(method.toLowerCase()) ? method.toUpperCase() : method
}

// What the header line of a failure message names.
export interface MessageHead {
  readonly kind: 'response' | 'request' | 'webhook'
  readonly method: string
  // Path template, or the webhook name.
  readonly template: string
  readonly status?: number | undefined
  readonly statusKey?: string | null | undefined
  readonly contentType?: string | undefined
  readonly contentKey?: string | null | undefined
  readonly operationId?: string | undefined
  // The concrete request path, shown when it differs from the template.
  readonly requestPath?: string | undefined
  // The `servers` entry the request path was matched through.
  readonly server?: ServerBasePath | null | undefined
}

export interface ResultFields {
  readonly spec: LoadedSpec
  readonly method: string
  readonly matchedPath: string | null
  readonly matchedStatusKey: string | null
  readonly matchedContentType: string | null
  readonly matchedServer: ServerBasePath | null
  readonly violations: readonly Violation[]
  readonly skipReason: string | null
  readonly maxErrors: number
  // Undefined for path/method misses: their message is the matcher's text, as is. Called only to render a message.
  readonly head: MessageHead | (() => MessageHead) | undefined
}

// Assembles a result: failure when any violation remains, skipped when a reason was given, success
// otherwise. Violations beyond `maxErrors` are dropped and counted in the message. The message is
// rendered when first read (most failing results are only counted or discarded), then kept; it is an
// own enumerable getter, so spreading, comparing, JSON and structured cloning all see the text.
export function buildResult(fields: ResultFields): ValidationResult {
  const all = fields.violations
  const shown = all.length > fields.maxErrors ? all.slice(0, fields.maxErrors) : all
  const outcome = all.length > 0 ? 'failure' : fields.skipReason !== null ? 'skipped' : 'success'
  const skipReason = outcome === 'skipped' ? fields.skipReason : null
  if (outcome === 'success') {
    return successResult(
      fields.spec,
      fields.method,
      fields.matchedPath,
      fields.matchedStatusKey,
      fields.matchedContentType,
      fields.matchedServer,
      shown,
    )
  }
  const result = {
    outcome,
    specName: fields.spec.name,
    method: fields.method,
    matchedPath: fields.matchedPath,
    matchedStatusKey: fields.matchedStatusKey,
    matchedContentType: fields.matchedContentType,
    matchedServer: fields.matchedServer,
    violations: shown,
    skipReason,
  }
  defer(result, () => renderMessage(fields, outcome, all.length, shown))
  Object.defineProperty(result, 'message', MESSAGE)
  return result as ValidationResult
}

const MESSAGE = deferredProperty((message: string) => message)

// A passing result (`violations` is empty).
export function successResult(
  spec: LoadedSpec,
  method: string,
  matchedPath: string | null,
  matchedStatusKey: string | null,
  matchedContentType: string | null,
  matchedServer: ServerBasePath | null,
  violations: readonly Violation[],
): ValidationResult {
  return {
    outcome: 'success',
    specName: spec.name,
    method,
    matchedPath,
    matchedStatusKey,
    matchedContentType,
    matchedServer,
    violations,
    skipReason: null,
    message: '',
  }
}

function renderMessage(
  fields: ResultFields,
  outcome: 'failure' | 'skipped',
  count: number,
  shown: readonly Violation[],
): string {
  const head = typeof fields.head === 'function' ? fields.head() : fields.head
  if (outcome === 'skipped')
    return head === undefined ? '' : terminalText(`${renderTarget(head)}: skipped: ${fields.skipReason}`)
  if (head === undefined) return shown.map((violation) => violation.message).join('\n')
  const lines = [
    // One line, whatever the spec, request path or response content type holds.
    terminalText(renderHead(head, fields.spec.name, count)),
    ...shown.map((violation) => `  ${indentContinuation(violation.message)}`),
  ]
  const hidden = count - shown.length
  if (hidden > 0)
    lines.push(
      `  … ${hidden} more violation${hidden === 1 ? '' : 's'} not shown (maxErrors ${fields.maxErrors})`,
    )
  return lines.join('\n')
}

function indentContinuation(message: string): string {
  return message.replaceAll('\n', '\n  ')
}

// `GET /pets/{petId} 404 (documented as 4XX) application/problem+json`
function renderTarget(head: MessageHead): string {
  const parts: string[] =
    head.kind === 'webhook' ? [`webhook '${head.template}'`, head.method] : [head.method, head.template]
  if (head.kind === 'request') parts.push('request')
  if (head.status !== undefined) {
    parts.push(String(head.status))
    if (head.statusKey != null && head.statusKey !== String(head.status))
      parts.push(`(documented as ${head.statusKey})`)
  }
  if (head.contentType !== undefined && head.contentType !== '') {
    parts.push(head.contentType)
    if (
      head.contentKey != null &&
      head.contentKey !== '*' &&
      normalizeMediaType(head.contentKey) !== normalizeMediaType(head.contentType)
    ) {
      parts.push(`(documented as ${head.contentKey})`)
    }
  } else if (head.kind === 'response' && head.contentKey === '*') {
    parts.push('(no content)')
  }
  return parts.join(' ')
}

// `GET /pets/{petId} 200 application/json: 3 violations against 'petstore' spec (operationId getPet, request path /pets/7)`:
// what was checked, how many problems, against which spec, then what helps find the test.
function renderHead(head: MessageHead, specName: string, count: number): string {
  const extras: string[] = []
  if (head.operationId !== undefined) extras.push(`operationId ${head.operationId}`)
  if (head.requestPath !== undefined && head.requestPath !== head.template)
    extras.push(`request path ${head.requestPath}`)
  if (head.server != null)
    extras.push(
      `matched through server ${head.server.url} (${head.server.location}, base path ${head.server.basePath})`,
    )
  const tail = extras.length === 0 ? '' : ` (${extras.join(', ')})`
  return `${renderTarget(head)}: ${count} violation${count === 1 ? '' : 's'} against '${specName}' spec${tail}`
}

// Path or method did not match: the matcher's message is the only violation, and the result carries
// the template when the path matched (coverage records nothing for either).
export function unmatchedResult(
  spec: LoadedSpec,
  method: string,
  match: Exclude<OperationMatch, { kind: 'matched' }>,
  maxErrors: number,
): ValidationResult {
  return buildResult({
    spec,
    method: coverageMethod(method),
    matchedPath: match.kind === 'no-method' ? match.path.template : null,
    matchedStatusKey: null,
    matchedContentType: null,
    matchedServer: match.kind === 'no-method' ? (match.path.server ?? null) : null,
    violations: [unmatchedViolation(match)],
    skipReason: null,
    maxErrors,
    head: undefined,
  })
}

const MATCHER_MESSAGE = deferredProperty((match: { readonly message: string }) => match.message)

// The matcher works its diagnostic out on first read (ranking every template is costly): the violation
// reads it from the match only when its message is read. Built key by key to keep the usual key order.
function unmatchedViolation(match: Exclude<OperationMatch, { kind: 'matched' }>): Violation {
  const violation: Record<string, unknown> = {
    code: match.kind === 'no-path' ? 'no-matching-path' : 'method-not-defined',
  }
  defer(violation, () => match)
  Object.defineProperty(violation, 'message', MATCHER_MESSAGE)
  violation.location = { in: match.kind === 'no-path' ? 'path' : 'method', pointer: '' }
  return violation as unknown as Violation
}
