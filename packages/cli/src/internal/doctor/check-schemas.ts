import {
  ADVISORY_FORMATS,
  ENFORCED_FORMATS,
  isJsonMediaType,
  isObject,
  type JsonObject,
  type JsonValue,
  normalizeMediaType,
  sequentialMediaFormat,
} from '@contracttool/kernel'
import { escapePointerToken, shortTypeOf } from '@contracttool/kernel/internal'
import { describesText, follow, type LoadedSpec, redactUrl, resolvePointer } from '@contracttool/spec-loader'
import { FIXED_METHODS } from '@contracttool/spec-loader/internal'
import { type IssueSink, pointerOf } from './issue-sink.js'

// Formats the validator checks or accepts without a check; anything else is an unknown format that passes unchecked.
const KNOWN_FORMATS: ReadonlySet<string> = new Set<string>([...ENFORCED_FORMATS, ...ADVISORY_FORMATS])

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const
const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
] as const

interface Tally {
  count: number
  pointer: string
}

/**
 * Walks every schema the document declares (components, parameters, headers, request and response media,
 * webhooks), each node once, and reports what the validator cannot evaluate or will read differently
 * than the author meant: unknown formats, discriminator mappings that do not resolve, `nullable` in 3.1+,
 * non-JSON media types carrying a schema that does not describe their text, and 3.2 `itemSchema` on a media
 * type whose items are not split (`multipart/mixed`).
 */
export function checkSchemas(
  spec: LoadedSpec,
  sink: IssueSink,
  checkedFormats: readonly string[] = [],
): void {
  const walker = new SchemaWalker(spec, sink, new Set(checkedFormats))
  walker.walkDocument()
  walker.report()
}

class SchemaWalker {
  private readonly document: JsonObject
  private readonly visited = new Set<object>()
  private readonly formats = new Map<string, Tally>()
  private readonly nonJson = new Map<string, Tally>()
  private readonly streams: Tally = { count: 0, pointer: '' }
  private readonly nullable: Tally = { count: 0, pointer: '' }

  private readonly spec: LoadedSpec
  private readonly sink: IssueSink
  // Formats the run checks through its `formats` option: not unknown.
  private readonly checkedFormats: ReadonlySet<string>

  constructor(spec: LoadedSpec, sink: IssueSink, checkedFormats: ReadonlySet<string>) {
    this.spec = spec
    this.sink = sink
    this.checkedFormats = checkedFormats
    this.document = spec.document
  }

  walkDocument(): void {
    const { document } = this
    if (isObject(document.paths)) {
      for (const [template, item] of Object.entries(document.paths))
        this.pathItem(item, pointerOf('paths', template))
    }
    if (isObject(document.webhooks)) {
      for (const [name, item] of Object.entries(document.webhooks))
        this.pathItem(item, pointerOf('webhooks', name))
    }
    const components = follow(document, document.components)
    if (!isObject(components)) return
    const each = (key: string, visit: (node: JsonValue, pointer: string) => void) => {
      const map = components[key]
      if (isObject(map))
        for (const [name, node] of Object.entries(map)) visit(node, pointerOf('components', key, name))
    }
    each('schemas', (node, pointer) => this.schema(node, pointer))
    each('parameters', (node, pointer) => this.parameter(node, pointer))
    each('headers', (node, pointer) => this.parameter(node, pointer))
    each('responses', (node, pointer) => this.response(node, pointer))
    each('requestBodies', (node, pointer) => this.content(node, pointer, 'request'))
    each('pathItems', (node, pointer) => this.pathItem(node, pointer))
  }

  report(): void {
    const { sink } = this
    const formats = [...this.formats.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    for (const [format, { count, pointer }] of formats) {
      sink.warning(
        'keyword',
        `format '${format}' is not a format the validator knows (${plural(count, 'schema')}): values pass unchecked.`,
        `Check it with the formats option (contracttool.config.* or your runner's options): formats: { ${JSON.stringify(format)}: /^…$/ } (a RegExp, or a function returning true for a valid value; or the path of a module exporting that object: formats: './test/formats.ts'); or use a standard format (date-time, uri, uuid, email, ...), or keep it as documentation only.`,
        pointer,
      )
    }
    for (const [mediaType, { count, pointer }] of this.nonJson) {
      sink.add(
        'skipped',
        'feature',
        `${plural(count, 'response')} in \`${mediaType}\` ${count === 1 ? 'declares' : 'declare'} a schema the validator cannot evaluate: a non-JSON body is checked only against a schema describing its text (type: string, or only enum, const, pattern, minLength, maxLength; not binary), so such responses are recorded as skipped.`,
        null,
        pointer,
      )
    }
    if (this.streams.count > 0) {
      sink.add(
        'skipped',
        'feature',
        `${plural(this.streams.count, 'response media type')} ${this.streams.count === 1 ? 'declares' : 'declare'} an OpenAPI 3.2 itemSchema on a media type whose items the validator does not split (it reads JSON Lines, NDJSON, json-seq and text/event-stream), so such responses are recorded as skipped.`,
        null,
        this.streams.pointer,
      )
    }
    if (this.nullable.count > 0) {
      sink.warning(
        'compatibility',
        `${plural(this.nullable.count, 'schema')} ${this.nullable.count === 1 ? 'uses' : 'use'} \`nullable\`, which OpenAPI ${this.spec.version} no longer defines: JSON Schema 2020-12 ignores it, so null values are rejected.`,
        "Replace `nullable: true` with a type list such as `type: ['string', 'null']`.",
        this.nullable.pointer,
      )
    }
  }

  private enter(
    node: JsonValue | undefined,
    pointer: string,
  ): { node: JsonObject; pointer: string } | undefined {
    let current = node
    let at = pointer
    for (let hops = 0; hops < 64 && isObject(current) && typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref
      const target = ref.startsWith('#') ? resolvePointer(this.document, ref) : undefined
      if (target === undefined) return undefined
      current = target
      at = ref
    }
    if (!isObject(current) || this.visited.has(current)) return undefined
    this.visited.add(current)
    return { node: current, pointer: at }
  }

  private pathItem(raw: JsonValue | undefined, pointer: string): void {
    const entered = this.enter(raw, pointer)
    if (entered === undefined) return
    const { node } = entered
    this.parameters(node.parameters, `${entered.pointer}/parameters`)
    for (const method of FIXED_METHODS)
      if (node[method] !== undefined) this.operation(node[method], `${entered.pointer}/${method}`)
    if (this.spec.version === '3.2' && isObject(node.additionalOperations)) {
      for (const [method, operation] of Object.entries(node.additionalOperations)) {
        this.operation(operation, `${entered.pointer}/additionalOperations/${escapePointerToken(method)}`)
      }
    }
  }

  private operation(raw: JsonValue | undefined, pointer: string): void {
    const entered = this.enter(raw, pointer)
    if (entered === undefined) return
    const { node } = entered
    this.parameters(node.parameters, `${entered.pointer}/parameters`)
    if (node.requestBody !== undefined)
      this.content(node.requestBody, `${entered.pointer}/requestBody`, 'request')
    const responses = follow(this.document, node.responses)
    if (isObject(responses)) {
      for (const [key, response] of Object.entries(responses)) {
        if (!key.startsWith('x-'))
          this.response(response, `${entered.pointer}/responses/${escapePointerToken(key)}`)
      }
    }
  }

  private parameters(raw: JsonValue | undefined, pointer: string): void {
    if (!Array.isArray(raw)) return
    for (const [index, parameter] of raw.entries()) this.parameter(parameter, `${pointer}/${index}`)
  }

  /** Parameter and Header Objects share `schema` and `content`. */
  private parameter(raw: JsonValue | undefined, pointer: string): void {
    const entered = this.enter(raw, pointer)
    if (entered === undefined) return
    if (entered.node.schema !== undefined) this.schema(entered.node.schema, `${entered.pointer}/schema`)
    if (entered.node.content !== undefined)
      this.mediaMap(entered.node.content, `${entered.pointer}/content`, 'parameter')
  }

  private response(raw: JsonValue | undefined, pointer: string): void {
    const entered = this.enter(raw, pointer)
    if (entered === undefined) return
    const headers = follow(this.document, entered.node.headers)
    if (isObject(headers)) {
      for (const [name, header] of Object.entries(headers))
        this.parameter(header, `${entered.pointer}/headers/${escapePointerToken(name)}`)
    }
    if (entered.node.content !== undefined)
      this.mediaMap(entered.node.content, `${entered.pointer}/content`, 'response')
  }

  /** A Request Body Object (or anything else holding `content`). */
  private content(raw: JsonValue | undefined, pointer: string, owner: 'request' | 'response'): void {
    const entered = this.enter(raw, pointer)
    if (entered === undefined) return
    if (entered.node.content !== undefined)
      this.mediaMap(entered.node.content, `${entered.pointer}/content`, owner)
  }

  private mediaMap(raw: JsonValue, pointer: string, owner: 'request' | 'response' | 'parameter'): void {
    const content = follow(this.document, raw)
    if (!isObject(content)) return
    for (const [mediaType, rawMedia] of Object.entries(content)) {
      const at = `${pointer}/${escapePointerToken(mediaType)}`
      const media = follow(this.document, rawMedia)
      if (!isObject(media)) continue
      // Sequential media types (JSON Lines, json-seq, server-sent events) are validated item by item.
      if (owner === 'response' && media.itemSchema !== undefined) {
        if (sequentialMediaFormat(mediaType) === undefined) this.tally(this.streams, `${at}/itemSchema`)
      } else if (
        owner === 'response' &&
        media.schema !== undefined &&
        !isJson(mediaType) &&
        !describesText(this.document, media.schema)
      ) {
        const essence = normalizeMediaType(mediaType)
        const tally = this.nonJson.get(essence) ?? { count: 0, pointer: `${at}/schema` }
        tally.count++
        this.nonJson.set(essence, tally)
      }
      if (media.schema !== undefined) this.schema(media.schema, `${at}/schema`)
      if (media.itemSchema !== undefined) this.schema(media.itemSchema, `${at}/itemSchema`)
    }
  }

  /** Walks a schema and every subschema with a stack of its own, so any nesting depth fits. */
  private schema(raw: JsonValue | undefined, pointer: string): void {
    const pending: [JsonValue | undefined, string][] = [[raw, pointer]]
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const entered = this.enter(next[0], next[1])
      if (entered === undefined) continue
      const children = this.checkSchema(entered.node, entered.pointer)
      // Pushed in reverse, so subschemas are visited in the order they are written.
      for (let index = children.length - 1; index >= 0; index--)
        pending.push(children[index] as [JsonValue, string])
    }
  }

  /** Checks one schema object and returns its subschemas with their pointers. */
  private checkSchema(node: JsonObject, at: string): [JsonValue, string][] {
    if (node.format !== undefined) {
      if (typeof node.format !== 'string') {
        this.sink.warning(
          'keyword',
          `Malformed \`format\` at ${at}: expected string, got ${shortTypeOf(node.format)}; it is ignored.`,
          null,
          `${at}/format`,
        )
      } else if (!KNOWN_FORMATS.has(node.format) && !this.checkedFormats.has(node.format)) {
        const tally = this.formats.get(node.format) ?? { count: 0, pointer: `${at}/format` }
        tally.count++
        this.formats.set(node.format, tally)
      }
    }
    if (this.spec.version !== '3.0' && Object.hasOwn(node, 'nullable'))
      this.tally(this.nullable, `${at}/nullable`)
    if (node.discriminator !== undefined) this.discriminator(node.discriminator, `${at}/discriminator`)
    const children: [JsonValue, string][] = []
    for (const key of SCHEMA_MAPS) {
      const map = node[key]
      if (isObject(map))
        for (const [name, child] of Object.entries(map))
          children.push([child, `${at}/${key}/${escapePointerToken(name)}`])
    }
    for (const key of SCHEMA_LISTS) {
      const list = node[key]
      if (Array.isArray(list))
        for (const [index, child] of list.entries()) children.push([child, `${at}/${key}/${index}`])
    }
    for (const key of SCHEMA_SINGLES) {
      const child = node[key]
      if (Array.isArray(child))
        for (const [index, item] of child.entries()) children.push([item, `${at}/${key}/${index}`])
      else if (isObject(child)) children.push([child, `${at}/${key}`])
    }
    return children
  }

  private discriminator(raw: JsonValue, pointer: string): void {
    const { sink } = this
    if (!isObject(raw)) {
      sink.error(
        'structure',
        `Malformed 'discriminator' at ${pointer}: expected object, got ${shortTypeOf(raw)}.`,
        null,
        pointer,
      )
      return
    }
    if (typeof raw.propertyName !== 'string' || raw.propertyName === '') {
      sink.error(
        'structure',
        `Malformed 'discriminator.propertyName': expected a non-empty string, got ${shortTypeOf(raw.propertyName)}.`,
        null,
        `${pointer}/propertyName`,
      )
    }
    const targets: [string, JsonValue][] = []
    if (raw.mapping !== undefined) {
      if (!isObject(raw.mapping)) {
        sink.error(
          'structure',
          `Malformed 'discriminator.mapping': expected object, got ${shortTypeOf(raw.mapping)}.`,
          null,
          `${pointer}/mapping`,
        )
      } else {
        for (const [value, target] of Object.entries(raw.mapping)) targets.push([`mapping[${value}]`, target])
      }
    }
    if (raw.defaultMapping !== undefined) targets.push(['defaultMapping', raw.defaultMapping])
    for (const [where, target] of targets) {
      const at = where === 'defaultMapping' ? `${pointer}/defaultMapping` : `${pointer}/mapping`
      if (typeof target !== 'string') {
        sink.error(
          'structure',
          `Malformed 'discriminator.${where}': expected a string reference, got ${shortTypeOf(target)}.`,
          null,
          at,
        )
        continue
      }
      const ref = target.startsWith('#') ? target : `#/components/schemas/${escapePointerToken(target)}`
      const resolved = resolvePointer(this.document, ref)
      if (resolved === undefined) {
        sink.error(
          'structure',
          `Malformed 'discriminator.${where}': '${redactUrl(target)}' does not resolve to a schema in the spec; validation fails every body that reaches this discriminator.`,
          "Point the mapping at a schema that exists (a '#/components/schemas/...' pointer or a component name).",
          at,
        )
      } else if (!isObject(resolved)) {
        sink.error(
          'structure',
          `Malformed 'discriminator.${where}': '${redactUrl(target)}' must reference a schema object, got ${shortTypeOf(resolved)}.`,
          null,
          at,
        )
      }
    }
  }

  private tally(tally: Tally, pointer: string): void {
    if (tally.count === 0) tally.pointer = pointer
    tally.count++
  }
}

function isJson(mediaType: string): boolean {
  return isJsonMediaType(mediaType) || normalizeMediaType(mediaType) === 'application/*'
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
