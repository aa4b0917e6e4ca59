import type { ExchangeParts } from '@contracttool/exchange/internal'
import { isObject } from '@contracttool/kernel'
import { describeArgument } from '@contracttool/kernel/internal'

/** What one recorded entry holds, as the traffic command reads it. */
export type TrafficEntry =
  /** A request and the response it got. */
  | {
      readonly kind: 'exchange'
      readonly method: string
      readonly url: string
      readonly parts: RecordedParts
    }
  /** A request that got no response (aborted by the browser, blocked, failed): nothing to check. */
  | { readonly kind: 'aborted'; readonly method: string; readonly url: string }
  /** A response whose body the recorder left out (`content.size` but no `content.text`): not checkable. */
  | { readonly kind: 'unrecorded'; readonly method: string; readonly url: string }
  /** An entry that cannot be read; `problem` says why. */
  | {
      readonly kind: 'unreadable'
      readonly method: string | undefined
      readonly url: string | undefined
      readonly problem: string
    }

/** The exchange's parts without its path, which comes from the URL once it is known to be an API call. */
export interface RecordedParts {
  readonly request: Omit<ExchangeParts['request'], 'path'>
  readonly response: ExchangeParts['response']
}

type Loose = Record<string, unknown>

const BASE64 = /^[A-Za-z\d+/]*={0,2}$/

/**
 * Reads one parsed entry of a HAR file (`log.entries[n]`) or an NDJSON line (`{ request: { method, url,
 * headers, body }, response: { status, headers, body } }`). HAR headers are `{ name, value }` lists (HTTP/2
 * pseudo-headers such as `:authority` left out), the request body is `postData.text`, the response body
 * `content.text`, decoded when `content.encoding` is `base64`. A missing response, or status 0 (what browsers
 * record for an aborted request), is `aborted`; a body the recorder left out (a HAR saved without content)
 * is `unrecorded`, since checking it as empty would report violations the response never had.
 *
 * @see http://www.softwareishard.com/blog/har-12-spec/#entries
 */
export function readTrafficEntry(value: unknown, format: 'har' | 'ndjson'): TrafficEntry {
  if (!isObject(value))
    return unreadable(undefined, undefined, `is ${describeArgument(value)}, not an object`)
  const request = value.request
  if (!isObject(request)) return unreadable(undefined, undefined, 'has no request object')
  const { method, url } = request
  if (typeof method !== 'string' || method === '')
    return unreadable(
      undefined,
      undefined,
      `has request.method ${describeArgument(method)}, not a method name`,
    )
  if (typeof url !== 'string' || url === '')
    return unreadable(method, undefined, `has request.url ${describeArgument(url)}, not a URL`)
  const response = value.response
  if (!isObject(response) || response.status === 0) return { kind: 'aborted', method, url }
  const status = response.status
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    return unreadable(method, url, `has response.status ${describeArgument(status)}, not an HTTP status`)
  }
  if (format === 'har' && isBodyLeftOut(response.content)) return { kind: 'unrecorded', method, url }
  const requestBody: Decoded =
    format === 'har' ? harText(request.postData, 'postData') : { body: request.body ?? undefined }
  if ('problem' in requestBody)
    return unreadable(method, url, `has a request body that ${requestBody.problem}`)
  const responseBody = format === 'har' ? harText(response.content, 'content') : ndjsonBody(response.body)
  if ('problem' in responseBody)
    return unreadable(method, url, `has a response body that ${responseBody.problem}`)
  return {
    kind: 'exchange',
    method,
    url,
    parts: {
      request: { method, headers: headers(request.headers), body: requestBody.body },
      response: { status, headers: headers(response.headers), body: responseBody.body },
    },
  }
}

function unreadable(method: string | undefined, url: string | undefined, problem: string): TrafficEntry {
  return { kind: 'unreadable', method, url, problem }
}

/** HAR `[{ name, value }]` (repeated names kept as a list) or an NDJSON header object, as Node holds headers. */
function headers(raw: unknown): Record<string, string | string[]> {
  if (!Array.isArray(raw)) return isObject(raw) ? (raw as Record<string, string | string[]>) : {}
  const out: Record<string, string | string[]> = {}
  for (const header of raw as Loose[]) {
    if (!isObject(header) || typeof header.name !== 'string' || header.name.startsWith(':')) continue
    const name = header.name.toLowerCase()
    const value = String(header.value ?? '')
    const seen = out[name]
    out[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]
  }
  return out
}

/** HAR `content` with a size but no text: the recorder did not keep the body. */
function isBodyLeftOut(content: unknown): boolean {
  return (
    isObject(content) &&
    typeof content.text !== 'string' &&
    typeof content.size === 'number' &&
    content.size > 0
  )
}

type Decoded = { readonly body: unknown } | { readonly problem: string }

/** HAR `postData` or `content`: its `text`, decoded when `encoding` is `base64`; none when the recorder left it out. */
function harText(
  holder: unknown,
  where: string,
): { readonly body: string | Uint8Array | undefined } | { readonly problem: string } {
  if (!isObject(holder) || typeof holder.text !== 'string') return { body: undefined }
  const { text, encoding } = holder
  if (encoding === undefined || encoding === null || encoding === '') return { body: text }
  if (encoding !== 'base64')
    return {
      problem: `is encoded as ${describeArgument(encoding)} (${where}.encoding; expected base64 or none)`,
    }
  const compact = text.replace(/\s+/g, '')
  if (compact.length % 4 === 1 || !BASE64.test(compact))
    return { problem: `does not decode: ${where}.encoding is base64 but ${where}.text is not base64` }
  return { body: Buffer.from(compact, 'base64') }
}

/** An NDJSON body: text as recorded, any other JSON value as its JSON text (decoded again by content type). */
function ndjsonBody(body: unknown): { readonly body: string | undefined } {
  if (body === undefined || body === null) return { body: undefined }
  return { body: typeof body === 'string' ? body : JSON.stringify(body) }
}
