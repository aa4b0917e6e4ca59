import { createRequire } from 'node:module'
import type { ContractToolError, JsonValue } from '@contracttool/kernel'
import { echoValue, truncateText } from '@contracttool/kernel/internal'
import type { LoadOptions, Schema } from 'js-yaml'
import { SpecErrorCode } from '../errors.js'
import { countJsonKeys, countValueKeys, findDuplicateKey } from './count-json-keys.js'
import { jsonErrorOffset } from './json-error-offset.js'
import { type AliasBudget, MAX_ALIAS_EXPANSION, measureSharedNodes } from './measure-shared-nodes.js'
import { findPointer } from './pointer.js'
import { type SpecContext, specError } from './spec-error.js'
import type { SpecFormat } from './spec-format.js'

type JsYaml = typeof import('js-yaml')

interface YamlParser {
  readonly yaml: JsYaml
  readonly schema: Schema
}

// The YAML parser, loaded with the first YAML document: JSON specs, and every process that only imports
// this package for its types, errors or helpers (test files, coverage reports), never pay for it.
let yamlParser: YamlParser | undefined

function loadYamlParser(): YamlParser {
  if (yamlParser !== undefined) return yamlParser
  const yaml = createRequire(import.meta.url)('js-yaml') as JsYaml
  // JSON-compatible YAML: `3.0` stays a number and `2024-01-01` a string, as a JSON reader would see
  // them; merge keys (`<<`) stay supported because hand-written YAML specs use them.
  const mergeKey = new yaml.Type('tag:yaml.org,2002:merge', {
    kind: 'scalar',
    resolve: (data: unknown) => data === '<<' || data === null,
  })
  yamlParser = { yaml, schema: yaml.JSON_SCHEMA.extend({ implicit: [mergeKey] }) }
  return yamlParser
}

// Deeper than any real document; the YAML parser is recursive, so its own guard must stay well below
// the stack limit (JSON.parse is not recursive and needs no such bound).
const YAML_MAX_DEPTH = 1000

/**
 * Parses document text. Errors carry the line and column of the problem; an empty file says so.
 * `ref` names the `$ref` that pulled the file in, for external documents; `aliasBudget` is shared by
 * the documents of one spec, so YAML aliases spread over many files are limited together.
 */
export function parseDocument(
  text: string,
  format: SpecFormat,
  context: SpecContext,
  ref?: string,
  aliasBudget?: AliasBudget,
): JsonValue {
  const code = format === 'json' ? SpecErrorCode.MalformedJson : SpecErrorCode.MalformedYaml
  const label = format === 'json' ? 'JSON' : 'YAML'
  const via = ref === undefined ? '' : ` (referenced by $ref '${ref}')`
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (source.trim() === '') {
    const received = source.length === 0 ? '0 bytes of content' : 'only whitespace'
    throw specError(
      code,
      context,
      `the file is empty${via}; expected a ${label} document, received ${received}.`,
      { ref },
    )
  }
  if (format === 'json') {
    let value: JsonValue
    try {
      value = JSON.parse(source) as JsonValue
    } catch (error) {
      throw specError(
        code,
        context,
        `malformed JSON${via}${jsonErrorPlace(source, error)}: ${detail(error)}`,
        {
          ref,
          cause: error,
        },
      )
    }
    // JSON.parse keeps the last of two equal names without a word (RFC 8259 §4 leaves it open); a YAML
    // parser refuses them, and so does this loader, since the first (a whole path item, say) would be lost.
    const duplicate = countJsonKeys(source) === countValueKeys(value) ? undefined : findDuplicateKey(source)
    if (duplicate !== undefined) {
      throw specError(
        code,
        context,
        `malformed JSON${via} at line ${lineColumn(source, duplicate.offset)}: duplicate key ${echoValue(duplicate.key)} in the object at ${duplicate.pointer}; expected each key once in an object (JSON.parse would keep only the last).`,
        { ref },
      )
    }
    return value
  }
  const { yaml, schema } = loadYamlParser()
  let value: unknown
  try {
    value = yaml.load(source, { schema, maxDepth: YAML_MAX_DEPTH } as LoadOptions)
  } catch (error) {
    if (error instanceof RangeError) {
      throw specError(code, context, `malformed YAML${via}: the document is nested too deeply to parse.`, {
        ref,
        cause: error,
      })
    }
    const place = yamlErrorPlace(error, yaml)
    const reason = error instanceof yaml.YAMLException ? error.reason : detail(error)
    throw specError(code, context, `malformed YAML${via}${place}: ${truncateText(reason)}`, {
      ref,
      cause: error,
    })
  }
  if ((value === undefined || value === null) && isBlankYaml(source)) {
    throw specError(
      code,
      context,
      `the file is empty${via}; expected a YAML document, received only comments or blank lines.`,
      { ref },
    )
  }
  const shared = measureSharedNodes(value, aliasBudget)
  if (shared.kind === 'cycle') {
    throw specError(
      code,
      context,
      `the document contains itself${via} (a YAML alias used inside its own anchor); expected a finite JSON-compatible tree.`,
      { at: findPointer(value, shared.node), ref },
    )
  }
  if (shared.kind === 'expansion') throw aliasExpansion(code, context, via, shared, ref)
  return value as JsonValue
}

/** A document whose aliases would make every later stage walk far more than was written. */
export function aliasExpansion(
  code: SpecErrorCode,
  context: SpecContext,
  via: string,
  shared: { readonly written: number; readonly expanded: number; readonly spent: number },
  ref?: string,
): ContractToolError {
  const before =
    shared.spent === 0 ? '' : `, after ${shared.spent} extra nodes in the documents read before it`
  return specError(
    code,
    context,
    `shared nodes${via} (YAML aliases or objects used more than once) expand the document from ${shared.written} written nodes to ${shared.expanded}${before}; expected at most ${MAX_ALIAS_EXPANSION} more than written, for the spec and the files it references together. Use a $ref to a component instead of repeating an alias.`,
    { ref },
  )
}

function detail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  // V8 echoes the whole input after the position; the position already says where.
  const short = message.replace(/, .* is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '')
  return truncateText(short.replaceAll('\n', '\\n').replaceAll('\r', '\\r').replaceAll('\t', '\\t'))
}

function jsonErrorPlace(source: string, error: unknown): string {
  const offset = jsonErrorOffset(source) ?? Number(/at position (\d+)/.exec(String(error))?.[1] ?? Number.NaN)
  return Number.isNaN(offset) ? '' : ` at line ${lineColumn(source, offset)}`
}

function lineColumn(source: string, offset: number): string {
  let line = 1
  let lineStart = 0
  for (
    let index = source.indexOf('\n');
    index !== -1 && index < offset;
    index = source.indexOf('\n', index + 1)
  ) {
    line++
    lineStart = index + 1
  }
  return `${line}, column ${offset - lineStart + 1}`
}

function yamlErrorPlace(error: unknown, yaml: JsYaml): string {
  if (!(error instanceof yaml.YAMLException)) return ''
  const mark = (error as { mark?: { line?: unknown; column?: unknown } }).mark
  if (typeof mark?.line !== 'number' || typeof mark.column !== 'number') return ''
  return ` at line ${mark.line + 1}, column ${mark.column + 1}`
}

function isBlankYaml(source: string): boolean {
  return (
    source
      .replace(/#.*$/gm, '')
      .replace(/^(?:---|\.\.\.)\s*$/gm, '')
      .trim() === ''
  )
}
