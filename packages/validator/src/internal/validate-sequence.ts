import { types } from 'node:util'
import {
  isJsonMediaType,
  isObject,
  type JsonObject,
  type JsonValue,
  type SequentialMediaFormat,
} from '@contracttool/kernel'
import {
  readSequence,
  type SequenceDefectCode,
  type SequenceSink,
  schemaTypeOf,
} from '@contracttool/kernel/internal'
import { findEventDataSchema } from '@contracttool/spec-loader/internal'
import type { Violation } from '../types.js'
import { describeValue, previewValue } from './describe-value.js'
import { runSchema } from './run-schema.js'
import type { CompiledSchema, SchemaRegistry } from './schema-registry.js'
import { plainViolation } from './spec-violations.js'

// What a media type of a sequential format says about its items, read once per (operation, status,
// media type) and compiled on first use.
export interface SequencePlan {
  readonly format: SequentialMediaFormat
  // Applied to each item on its own (OpenAPI 3.2 `itemSchema`).
  readonly itemSchema: JsonValue | undefined
  // Applied to the whole sequence, read as an array of its items (`schema`).
  readonly schema: JsonValue | undefined
  // The media type object's pointer in the document (for compile locations).
  readonly pointer: () => string
  compiledItem: CompiledSchema | undefined
  compiledWhole: CompiledSchema | undefined
  // An event's JSON `data` (server-sent events only): null when the item schema describes none.
  payload: PayloadPlan | null | undefined
}

// The `data` property of an event whose schema gives `contentMediaType: application/json`.
interface PayloadPlan {
  readonly mediaType: string
  readonly schema: JsonValue | undefined
  readonly pointer: string
  compiled: CompiledSchema | undefined
}

export function sequencePlan(
  format: SequentialMediaFormat,
  media: JsonObject,
  pointer: () => string,
): SequencePlan {
  return {
    format,
    itemSchema: media.itemSchema,
    schema: media.schema,
    pointer,
    compiledItem: undefined,
    compiledWhole: undefined,
    payload: format === 'event-stream' ? undefined : null,
  }
}

const FORMAT_NAMES: Record<SequentialMediaFormat, string> = {
  'json-lines': 'JSON Lines',
  'json-seq': 'JSON text sequence',
  'event-stream': 'event stream',
}

/**
 * Validates the body of a sequential media type: each item against `itemSchema` as it is read (nothing
 * but the current item is kept), and, when the media type has a `schema`, the items as one array, as
 * OpenAPI 3.2 maps a sequence into the JSON Schema data model. A violation's pointer starts with its
 * item's 0-based index and its message names the item. At most `maxErrors` violations are explained;
 * later failing items are still counted, at the cost of one validation each.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#sequential-media-types
 */
export function validateSequence(
  registry: SchemaRegistry,
  document: JsonObject,
  plan: SequencePlan,
  body: unknown,
  maxErrors: number,
): readonly Violation[] {
  const itemSchema = plan.itemSchema
  if (itemSchema !== undefined) {
    plan.compiledItem ??= registry.compile(itemSchema, () => `${plan.pointer()}/itemSchema`)
    if (plan.compiledItem.validate === undefined) {
      return runSchema(registry, plan.compiledItem, undefined, ITEM_SCHEMA_TARGET)
    }
  }
  if (plan.payload === undefined) plan.payload = readPayloadPlan(document, itemSchema, plan.pointer)
  const payload = plan.payload
  if (payload !== null && payload.schema !== undefined) {
    payload.compiled ??= registry.compile(payload.schema, payload.pointer)
  }
  const collector = new ItemCollector(registry, plan, payload, maxErrors)
  if (Array.isArray(body)) {
    // Items a test already read and parsed (for example the first events of an endless stream).
    for (let i = 0; i < body.length; i++) collector.item(body[i], i, 0)
  } else {
    const text = bodyText(body)
    if (text === undefined) {
      return [
        plainViolation(
          'body-not-text',
          'body',
          `[/] a ${FORMAT_NAMES[plan.format]} body must be the text as received (or a list of its items), received ${describeValue(body)}`,
          { expected: 'text', actual: schemaTypeOf(body) },
        ),
      ]
    }
    readSequence(plan.format, text, collector)
  }
  return collector.finish()
}

const ITEM_SCHEMA_TARGET = { in: 'body', label: '' } as const

function bodyText(body: unknown): string | undefined {
  if (body === undefined) return ''
  if (typeof body === 'string') return body
  if (types.isUint8Array(body)) {
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
  }
  return undefined
}

class ItemCollector implements SequenceSink {
  readonly #registry: SchemaRegistry
  readonly #plan: SequencePlan
  readonly #payload: PayloadPlan | null
  readonly #maxErrors: number
  readonly #violations: Violation[] = []
  readonly #whole: unknown[] | undefined
  #unexplained = 0

  constructor(registry: SchemaRegistry, plan: SequencePlan, payload: PayloadPlan | null, maxErrors: number) {
    this.#registry = registry
    this.#plan = plan
    this.#payload = payload
    this.#maxErrors = maxErrors
    this.#whole = plan.schema === undefined ? undefined : []
  }

  item(value: unknown, index: number, line: number): boolean {
    this.#whole?.push(value)
    const explain = this.#violations.length < this.#maxErrors
    let failed = false
    const compiled = this.#plan.compiledItem
    if (compiled !== undefined) {
      if (explain) {
        const found = runSchema(this.#registry, compiled, value, itemTarget(index))
        if (found.length > 0) this.#add(found, index, line)
      } else failed = !passes(compiled, value)
    }
    const payload = this.#payload
    if (payload !== null && isObject(value) && typeof value.data === 'string') {
      failed = this.#checkPayload(payload, value.data, index, line, explain) || failed
    }
    if (failed) this.#unexplained++
    return true
  }

  defect(code: SequenceDefectCode, index: number, line: number, detail: string): boolean {
    if (this.#violations.length >= this.#maxErrors) {
      this.#unexplained++
      return true
    }
    this.#violations.push(defectViolation(code, index, line, detail))
    return true
  }

  // True when the payload fails and was not explained.
  #checkPayload(payload: PayloadPlan, data: string, index: number, line: number, explain: boolean): boolean {
    let parsed: unknown
    try {
      parsed = JSON.parse(data)
    } catch {
      if (!explain) return true
      this.#violations.push(
        plainViolation(
          'sse-data-not-json',
          'body',
          `item ${index}${lineOf(line)}: [/${index}/data] is not JSON although its schema gives contentMediaType '${payload.mediaType}': ${jsonParseError(data)}; received ${describeValue(data)}`,
          { pointer: `/${index}/data`, expected: payload.mediaType, actual: previewValue(data) },
        ),
      )
      return false
    }
    const compiled = payload.compiled
    if (compiled === undefined) return false
    if (!explain) return !passes(compiled, parsed)
    const found = runSchema(this.#registry, compiled, parsed, itemTarget(index, '/data'))
    if (found.length > 0) this.#add(found, index, line, '/data')
    return false
  }

  #add(found: readonly Violation[], index: number, line: number, within = ''): void {
    const prefix = `/${index}${within}`
    for (const violation of found) {
      this.#violations.push({
        ...violation,
        message: `item ${index}${lineOf(line)}: ${violation.message}`,
        location: { ...violation.location, pointer: `${prefix}${violation.location.pointer}` },
      })
    }
  }

  finish(): readonly Violation[] {
    const violations = this.#violations
    const whole = this.#whole
    if (whole !== undefined && this.#plan.schema !== undefined) {
      this.#plan.compiledWhole ??= this.#registry.compile(
        this.#plan.schema,
        () => `${this.#plan.pointer()}/schema`,
      )
      violations.push(...runSchema(this.#registry, this.#plan.compiledWhole, whole, ITEM_SCHEMA_TARGET))
    }
    if (this.#unexplained === 0 || violations.length === 0) return violations
    const kept = violations.slice(0, this.#maxErrors)
    const last = kept[kept.length - 1] as Violation
    const count = this.#unexplained
    kept[kept.length - 1] = {
      ...last,
      message: `${last.message}\n  … and ${count} more failing item${count === 1 ? '' : 's'}, counted but not explained (maxErrors ${this.#maxErrors})`,
    }
    return kept
  }
}

// The bracket label of an item's violations: `[/3/name]`.
function itemTarget(index: number, within = '') {
  return { in: 'body', label: `/${index}${within}` } as const
}

function lineOf(line: number): string {
  return line === 0 ? '' : ` (line ${line})`
}

// One bare validation, for items past `maxErrors`: only whether the item passes.
function passes(compiled: CompiledSchema, value: unknown): boolean {
  const validate = compiled.validate
  if (validate === undefined) return false
  try {
    return validate(value) === true
  } catch (error) {
    if (error instanceof RangeError) return false
    throw error
  }
}

function defectViolation(code: SequenceDefectCode, index: number, line: number, detail: string): Violation {
  const at = `item ${index}${lineOf(line)}`
  switch (code) {
    case 'item-not-json':
      return plainViolation(
        code,
        'body',
        `${at}: [/${index}] is not JSON: ${jsonParseError(detail)}; received ${describeValue(detail)}`,
        { pointer: `/${index}`, expected: 'a JSON text', actual: previewValue(detail) },
      )
    case 'json-seq-missing-rs':
      return plainViolation(
        code,
        'body',
        `${at}: [/${index}] does not begin with the record separator RS (U+001E) that starts every JSON text sequence item (RFC 7464), so it runs into the text before it: received ${describeValue(detail)}`,
        { pointer: `/${index}`, expected: 'RS, a JSON text, LF', actual: previewValue(detail) },
      )
    case 'sse-invalid-retry':
      return plainViolation(
        code,
        'body',
        `${at}: [/${index}/retry] must be ASCII digits (a reconnection time in milliseconds), received ${describeValue(detail)}; EventSource ignores the field`,
        { pointer: `/${index}/retry`, expected: 'ASCII digits', actual: previewValue(detail) },
      )
    case 'sse-unterminated-event':
      return plainViolation(
        code,
        'body',
        `${at}: [/${index}] the body ends inside an event (no blank line after its last field), and EventSource discards an event the stream ends in`,
        { pointer: `/${index}`, expected: 'a blank line after each event' },
      )
  }
}

// Where an event's `data` is JSON: the item schema's `data` property with a JSON `contentMediaType`. Its
// `contentSchema` then describes the payload.
//
// @see https://spec.openapis.org/oas/v3.2.0#special-considerations-for-server-sent-events
function readPayloadPlan(
  document: JsonObject,
  itemSchema: JsonValue | undefined,
  pointer: () => string,
): PayloadPlan | null {
  const data = findEventDataSchema(document, itemSchema, `${pointer()}/itemSchema`)
  if (data === undefined) return null
  const mediaType = data.node.contentMediaType
  if (typeof mediaType !== 'string' || !isJsonMediaType(mediaType)) return null
  return {
    mediaType,
    schema: data.node.contentSchema,
    pointer: `${data.pointer}/contentSchema`,
    compiled: undefined,
  }
}

// Why a text is not JSON, in the engine's words; only called to write a message.
function jsonParseError(raw: string): string {
  try {
    JSON.parse(raw)
    return 'it parses'
  } catch (error) {
    return (error as Error).message
  }
}
