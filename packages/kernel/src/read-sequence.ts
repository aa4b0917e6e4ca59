import type { SequentialMediaFormat } from './media-type.js'

/** What a sequential body's text is wrong about, where no item value can be built (or a field is dropped). */
export type SequenceDefectCode =
  | 'item-not-json'
  | 'json-seq-missing-rs'
  | 'sse-invalid-retry'
  | 'sse-unterminated-event'

/**
 * Receives each item (a JSON value, or an event object) and each defect, in body order. `index` is the
 * item's 0-based position; `line` the 1-based line where it starts. Returning false stops the reading.
 */
export interface SequenceSink {
  item(value: unknown, index: number, line: number): boolean
  defect(code: SequenceDefectCode, index: number, line: number, detail: string): boolean
}

const RS = '\u001e'

/**
 * Splits the body of an OpenAPI 3.2 sequential media type into its items, one at a time, handing each to
 * `sink`: no list of the items (or of the lines) is ever built, so a body of a million lines costs one
 * item's memory. JSON Lines: one JSON text per line (CRLF and blank lines fine); json-seq: RS, a JSON text,
 * LF (RFC 7464); server-sent events: parsed as the HTML standard says, each event read as
 * `{ event?, data, id?, retry? }`.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#sequential-media-types
 * @example
 * readSequence('json-lines', '{"id":1}\n{"id":2}\n', { item: (value) => (items.push(value), true), defect: () => true })
 */
export function readSequence(format: SequentialMediaFormat, text: string, sink: SequenceSink): void {
  if (format === 'json-lines') readJsonLines(text, sink)
  else if (format === 'json-seq') readJsonSeq(text, sink)
  else readEventStream(text, sink)
}

// JSON Lines and NDJSON: one JSON text per LF-terminated line. A CR before the LF is JSON whitespace, so
// CRLF files read the same; blank lines are skipped, as the NDJSON text allows.
//
// @see https://jsonlines.org/
// @see https://github.com/ndjson/ndjson-spec
function readJsonLines(text: string, sink: SequenceSink): void {
  let start = 0
  let line = 0
  let index = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    line++
    const raw = text.slice(start, end)
    start = end + 1
    if (isBlank(raw)) continue
    const parsed = parseJson(raw)
    const more =
      parsed === NOT_JSON
        ? sink.defect('item-not-json', index, line, raw)
        : sink.item(parsed.value, index, line)
    if (!more) return
    index++
  }
}

// JSON text sequences: each item is RS, a JSON text, LF. Runs of RS hold no item between them (RFC 7464
// §2.1); text before the first RS, or two JSON texts between two RS, is an item that lost its RS.
//
// @see https://www.rfc-editor.org/rfc/rfc7464#section-2
function readJsonSeq(text: string, sink: SequenceSink): void {
  let index = 0
  let line = 1
  let start = 0
  const first = text.indexOf(RS)
  if (first !== 0) {
    const head = first === -1 ? text : text.slice(0, first)
    if (!isBlank(head)) {
      if (!sink.defect('json-seq-missing-rs', index, line, head)) return
      index++
    }
    if (first === -1) return
    line += countLines(head)
    start = first
  }
  while (start < text.length) {
    let end = text.indexOf(RS, start + 1)
    if (end === -1) end = text.length
    const raw = text.slice(start + 1, end)
    const itemLine = line
    line += countLines(raw)
    start = end
    if (isBlank(raw)) continue
    const parsed = parseJson(raw)
    let more: boolean
    if (parsed !== NOT_JSON) more = sink.item(parsed.value, index, itemLine)
    else if (holdsTwoTexts(raw)) more = sink.defect('json-seq-missing-rs', index, itemLine, raw)
    else more = sink.defect('item-not-json', index, itemLine, raw)
    if (!more) return
    index++
  }
}

// An item text that is several JSON texts on their own lines: each line parses, the whole does not.
function holdsTwoTexts(raw: string): boolean {
  const lines = raw.split('\n').filter((part) => !isBlank(part))
  return lines.length > 1 && lines.every((part) => parseJson(part) !== NOT_JSON)
}

// Server-sent events, parsed as the HTML standard says: lines end in CRLF, LF or CR; a blank line
// dispatches the event; `:` starts a comment; `data` lines are joined with LF; `retry` counts only when it
// is ASCII digits; an event with no data is not dispatched, and neither is the one the stream ends in.
// Each event becomes OpenAPI 3.2's object `{ event?, data, id?, retry? }`. The two things a browser drops
// silently (a `retry` that is not digits, an event the body ends in) are reported as defects.
//
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
// @see https://spec.openapis.org/oas/v3.2.0#special-considerations-for-server-sent-events
function readEventStream(text: string, sink: SequenceSink): void {
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 0
  let index = 0
  let startLine = 0
  let data: string | undefined
  let event: string | undefined
  let id: string | undefined
  let retry: number | undefined
  let pending = false
  while (position < text.length) {
    let end = position
    while (end < text.length) {
      const code = text.charCodeAt(end)
      if (code === 0x0a || code === 0x0d) break
      end++
    }
    line++
    const raw = text.slice(position, end)
    const terminated = end < text.length
    position = end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1)
    if (!terminated) {
      // The last line has no line ending: what it starts is never dispatched.
      if (raw !== '' && raw.charCodeAt(0) !== 0x3a && !pending) {
        pending = true
        startLine = line
      }
      break
    }
    if (raw === '') {
      if (data !== undefined) {
        const item: Record<string, unknown> = { data }
        if (event !== undefined) item.event = event
        if (id !== undefined) item.id = id
        if (retry !== undefined) item.retry = retry
        if (!sink.item(item, index, startLine)) return
        index++
      }
      data = event = id = retry = undefined
      pending = false
      startLine = 0
      continue
    }
    if (raw.charCodeAt(0) === 0x3a) continue
    if (!pending) startLine = line
    pending = true
    const colon = raw.indexOf(':')
    const field = colon === -1 ? raw : raw.slice(0, colon)
    let value = colon === -1 ? '' : raw.slice(colon + 1)
    if (value.charCodeAt(0) === 0x20) value = value.slice(1)
    switch (field) {
      case 'data':
        data = data === undefined ? value : `${data}\n${value}`
        break
      case 'event':
        event = value
        break
      case 'id':
        if (!value.includes('\u0000')) id = value
        break
      case 'retry':
        if (/^[0-9]+$/.test(value)) retry = Number(value)
        else if (!sink.defect('sse-invalid-retry', index, line, value)) return
        break
    }
  }
  if (pending) sink.defect('sse-unterminated-event', index, startLine, '')
}

const NOT_JSON = Symbol('not JSON')

function parseJson(raw: string): { readonly value: unknown } | typeof NOT_JSON {
  try {
    return { value: JSON.parse(raw) as unknown }
  } catch {
    return NOT_JSON
  }
}

function isBlank(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i)
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false
  }
  return true
}

function countLines(raw: string): number {
  let count = 0
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) count++
  return count
}
