import {
  isJsonMediaType,
  isObject,
  type JsonObject,
  type SequentialMediaFormat,
  sequentialMediaFormat,
} from '@contracttool/kernel'
import { readSequence } from '@contracttool/kernel/internal'
import { findEventDataSchema } from '@contracttool/spec-loader/internal'

/**
 * How analyses that read a whole body (strict required, strict additional properties) see a sequential
 * media type: its items as one array, and the schema of that array. Server-sent events whose `data` is
 * described by a JSON `contentSchema` are seen as the array of their payloads.
 */
export interface SequenceView {
  readonly format: SequentialMediaFormat
  readonly schema: JsonObject
  readonly payloads: boolean
}

// The view of a media type object under `mediaKey`, undefined when it is not a sequential media type
// with a schema.
export function sequenceViewOf(
  document: JsonObject,
  mediaKey: string,
  media: JsonObject,
): SequenceView | undefined {
  const format = sequentialMediaFormat(mediaKey)
  if (format === undefined) return undefined
  if (media.itemSchema === undefined) {
    return isObject(media.schema) ? { format, schema: media.schema, payloads: false } : undefined
  }
  if (format === 'event-stream') {
    const data = findEventDataSchema(document, media.itemSchema, '')
    const mediaType = data?.node.contentMediaType
    const payload =
      typeof mediaType === 'string' && isJsonMediaType(mediaType) ? data?.node.contentSchema : undefined
    if (isObject(payload)) return { format, schema: { type: 'array', items: payload }, payloads: true }
  }
  return isObject(media.itemSchema)
    ? { format, schema: { type: 'array', items: media.itemSchema }, payloads: false }
    : undefined
}

// The items of a sequential body (text or bytes) as the view reads them; items that are not JSON, and
// event data that is not, are left out (validation reports them).
export function sequenceItemsOf(view: SequenceView, body: unknown): unknown[] {
  if (Array.isArray(body)) return view.payloads ? body.map(payloadOf).filter((item) => item !== SKIP) : body
  let text: string
  if (typeof body === 'string') text = body
  else if (body instanceof Uint8Array)
    text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
  else return []
  const items: unknown[] = []
  readSequence(view.format, text, {
    item(value) {
      const item = view.payloads ? payloadOf(value) : value
      if (item !== SKIP) items.push(item)
      return true
    },
    defect: () => true,
  })
  return items
}

const SKIP = Symbol('skip')

function payloadOf(event: unknown): unknown {
  if (!isObject(event) || typeof event.data !== 'string') return SKIP
  try {
    return JSON.parse(event.data) as unknown
  } catch {
    return SKIP
  }
}
