import { truncateText, unescapePointerToken } from '@contracttool/kernel/internal'
import type { Exchange, ValidationResult, Violation } from '@contracttool/validator'
import type { CheckOutcome } from './check-exchange.js'

const PREVIEW_CHARS = 1200

/** The failure text of a check: every violation with its location, then what was received. */
export function describeViolations(outcome: CheckOutcome): string {
  const parts: string[] = []
  if (outcome.response?.outcome === 'failure') parts.push(outcome.response.message)
  if (outcome.request?.outcome === 'failure') {
    parts.push(
      outcome.response === undefined ? outcome.request.message : `Request:\n${outcome.request.message}`,
    )
  }
  parts.push(
    describeReceived(outcome.exchange, outcome.request !== undefined && outcome.response === undefined),
  )
  return parts.join('\n\n')
}

/** Why a `.not` assertion failed: the exchange conforms (or was skipped). */
export function describeConformance(outcome: CheckOutcome): string {
  const result = outcome.response ?? outcome.request
  const what = describeExchangeLine(outcome.exchange, outcome.response === undefined)
  if (result?.outcome === 'skipped') {
    return `expected ${what} not to match spec '${outcome.specName}', but it was skipped: ${result.skipReason ?? 'skipped'}.`
  }
  const matched = [result?.method, result?.matchedPath, result?.matchedStatusKey, result?.matchedContentType]
    .filter((part) => part !== null && part !== undefined && part !== '*')
    .join(' ')
  return `expected ${what} not to match spec '${outcome.specName}', but it conforms to ${matched}.`
}

export function describeExchangeLine(exchange: Exchange, requestOnly: boolean): string {
  const request = `${exchange.request.method} ${exchange.request.path}`
  const response = exchange.response
  if (requestOnly || response === undefined) return request
  const contentType = response.contentType ?? headerValue(response.headers, 'content-type')
  return `${request} → ${response.status}${contentType === undefined ? '' : ` ${contentType}`}`
}

function describeReceived(exchange: Exchange, requestOnly: boolean): string {
  const body = requestOnly ? exchange.request.body : exchange.response?.body
  const line = `Received: ${describeExchangeLine(exchange, requestOnly)}`
  return body === undefined ? `${line} (no body)` : `${line}\n${indent(preview(body))}`
}

/**
 * `actual` / `expected` for Vitest's diff: what was received next to the same value with every violation
 * written in place (`‹must be integer›`), so the diff points at exactly the values to fix.
 */
export function diffValues(outcome: CheckOutcome): { actual: unknown; expected: unknown } {
  const result = outcome.response?.outcome === 'failure' ? outcome.response : outcome.request
  const requestSide = result === outcome.request && outcome.response?.outcome !== 'failure'
  const exchange = outcome.exchange
  const actual: Record<string, unknown> = requestSide
    ? { method: exchange.request.method, path: exchange.request.path }
    : { status: exchange.response?.status }
  const contentType = requestSide
    ? (exchange.request.contentType ?? headerValue(exchange.request.headers, 'content-type'))
    : (exchange.response?.contentType ?? headerValue(exchange.response?.headers, 'content-type'))
  if (contentType !== undefined) actual.contentType = contentType
  const body = requestSide ? exchange.request.body : exchange.response?.body
  if (body !== undefined) actual.body = body
  const expected = structuredClone(actual)
  for (const violation of result?.violations ?? []) applyViolation(actual, expected, violation, exchange)
  return { actual, expected }
}

function applyViolation(
  actual: Record<string, unknown>,
  expected: Record<string, unknown>,
  violation: Violation,
  exchange: Exchange,
): void {
  const note = `‹${violation.expected ?? stripLocation(violation.message)}›`
  switch (violation.location.in) {
    case 'status':
      expected.status = note
      return
    case 'content-type':
      expected.contentType = note
      return
    case 'response-header':
    case 'header':
    case 'query':
    case 'cookie':
    case 'path': {
      const section = violation.location.in === 'response-header' ? 'headers' : violation.location.in
      const name = violation.location.name ?? ''
      const source =
        section === 'headers'
          ? exchange.response?.headers
          : section === 'header'
            ? exchange.request.headers
            : undefined
      sectionOf(actual, section)[name] = headerValue(source, name) ?? null
      sectionOf(expected, section)[name] = note
      return
    }
    case 'body':
      if (!('body' in expected)) {
        expected.body = note
        return
      }
      expected.body = rewriteAt(expected.body, parsePointer(violation.location.pointer), violation, note)
      return
    default: {
      // Spec, method, security and similar problems have no place in the received value: list them.
      const problems = Array.isArray(expected.problems) ? (expected.problems as string[]) : []
      expected.problems = [...problems, note]
    }
  }
}

function sectionOf(view: Record<string, unknown>, section: string): Record<string, unknown> {
  const existing = view[section]
  if (typeof existing === 'object' && existing !== null) return existing as Record<string, unknown>
  const created: Record<string, unknown> = {}
  view[section] = created
  return created
}

function rewriteAt(value: unknown, tokens: readonly string[], violation: Violation, note: string): unknown {
  if (tokens.length === 0) {
    if (violation.keyword === 'additionalProperties' || violation.keyword === 'unevaluatedProperties')
      return undefined
    return note
  }
  const [head, ...rest] = tokens as [string, ...string[]]
  if (Array.isArray(value)) {
    const index = Number(head)
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return value
    value[index] = rewriteAt(value[index], rest, violation, note)
    return value
  }
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>
    const next = rewriteAt(object[head], rest, violation, note)
    if (next === undefined) delete object[head]
    else object[head] = next
    return object
  }
  return value
}

function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return []
  return pointer.replace(/^\//, '').split('/').map(unescapePointerToken)
}

function stripLocation(message: string): string {
  return message.replace(/^\[[^\]]*\]\s*/, '')
}

function headerValue(
  headers: Readonly<Record<string, string | readonly string[] | undefined>> | undefined,
  name: string,
): string | undefined {
  if (headers === undefined) return undefined
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue
    return typeof value === 'string' ? value : value.join(', ')
  }
  return undefined
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value))
  return truncateText(text, PREVIEW_CHARS)
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n')
}

/** The first failing result of an outcome (the response side first). */
export function failingResult(outcome: CheckOutcome): ValidationResult | undefined {
  if (outcome.response?.outcome === 'failure') return outcome.response
  return outcome.request?.outcome === 'failure' ? outcome.request : undefined
}
