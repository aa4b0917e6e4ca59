import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { escapePointerToken, schemaTypeOf } from '@contracttool/kernel/internal'
import type { IndexedOperation } from '@contracttool/spec-loader'
import type { Violation } from '../types.js'
import { coerceValue, readShape, type ValueShape, wantsArray, wantsObject } from './coerce.js'
import { type HeaderIndex, headerValues } from './header-values.js'
import { splitSimple } from './parameter-styles.js'
import { NO_VIOLATIONS, runSchema } from './run-schema.js'
import type { CompiledSchema } from './schema-registry.js'
import type { SpecState } from './spec-state.js'
import { plainViolation } from './spec-violations.js'

// One declared response header, read from the spec once per (operation, status).
export type HeaderCheck =
  // `headers` is not an object: the one violation the response gets for its headers.
  | { readonly kind: 'malformed-headers'; readonly definitions: JsonValue; readonly where: string }
  | { readonly kind: 'malformed'; readonly name: string; readonly definition: JsonValue | undefined }
  | {
      readonly kind: 'header'
      readonly name: string
      readonly label: string
      readonly required: boolean
      readonly definition: JsonObject
      readonly schema: JsonValue | undefined
      readonly json: boolean
      readonly pointer: () => string
      // Filled on first use: most declared headers are never sent.
      shape: ValueShape | undefined
      compiled: CompiledSchema | undefined
    }

// Reads the headers a response declares (except Content-Type, which content negotiation covers).
export function readHeaderChecks(
  definitions: JsonValue | undefined,
  operation: IndexedOperation,
  statusKey: string,
): readonly HeaderCheck[] {
  if (definitions === undefined) return []
  if (!isObject(definitions)) {
    return [{ kind: 'malformed-headers', definitions, where: `${operation.method} ${operation.path}` }]
  }
  const checks: HeaderCheck[] = []
  for (const name of Object.keys(definitions)) {
    if (name.trim().toLowerCase() === 'content-type') continue
    const definition = definitions[name]
    if (!isObject(definition)) {
      checks.push({ kind: 'malformed', name, definition })
      continue
    }
    const { schema, json } = headerSchema(definition)
    checks.push({
      kind: 'header',
      name,
      label: `response-header.${name}`,
      required: definition.required === true,
      definition,
      schema,
      json,
      pointer: () =>
        `${operation.pointer}/responses/${escapePointerToken(statusKey)}/headers/${escapePointerToken(name)}/schema`,
      shape: undefined,
      compiled: undefined,
    })
  }
  return checks
}

// Checks the response's headers against what the spec declares: required ones must be present, a
// header sent several times is refused rather than guessed, and each value is decoded (`simple`
// style), coerced to its schema's type and validated.
//
// @see https://spec.openapis.org/oas/v3.1.0#header-object
export function validateResponseHeaders(
  state: SpecState,
  checks: readonly HeaderCheck[],
  headers: HeaderIndex,
): readonly Violation[] {
  if (checks.length === 0) return NO_VIOLATIONS
  const out: Violation[] = []
  for (const check of checks) {
    if (check.kind === 'malformed-headers') {
      out.push(
        plainViolation(
          'malformed-spec',
          'response-header',
          `[response-header] spec 'headers' must be an object for ${check.where}; got ${schemaTypeOf(check.definitions)}.`,
        ),
      )
      continue
    }
    const name = check.name
    if (check.kind === 'malformed') {
      out.push(
        plainViolation(
          'malformed-spec',
          'response-header',
          `[response-header.${name}] header definition must be an object; got ${schemaTypeOf(check.definition)}.`,
          { name },
        ),
      )
      continue
    }
    const label = check.label
    const required = check.required
    const values = headerValues(headers, name)
    const schema = check.schema
    if (values === undefined) {
      if (required)
        out.push(
          plainViolation(
            'required-header-missing',
            'response-header',
            `[${label}] required header is missing`,
            { name },
          ),
        )
      continue
    }
    if (schema === undefined) {
      if (required) {
        out.push(
          plainViolation(
            'header-no-schema',
            'response-header',
            `[${label}] required header has no schema — cannot validate.`,
            { name },
          ),
        )
      }
      continue
    }
    const document = state.spec.document
    check.shape ??= readShape(document, schema)
    const shape = check.shape
    const kind = wantsArray(shape) ? 'array' : wantsObject(shape) ? 'object' : 'primitive'
    if (values.length > 1 && kind !== 'array') {
      out.push(
        plainViolation(
          'header-multiple-values',
          'response-header',
          `[${label}] multiple values received (count=${values.length}) but schema expects a single value; refusing to pick one silently.`,
          { name, actual: values.join(', ') },
        ),
      )
      continue
    }
    const raw = values.join(',')
    let value: unknown
    if (check.json) {
      try {
        value = JSON.parse(raw)
      } catch {
        out.push(
          plainViolation(
            'schema',
            'response-header',
            `[${label}] must be JSON, received ${JSON.stringify(raw)} (string)`,
            { name },
          ),
        )
        continue
      }
    } else {
      value = coerceValue(
        document,
        splitSimple(raw, check.definition.explode === true, kind, trimPart),
        shape,
      )
    }
    const registry = state.registry('response')
    check.compiled ??= registry.compile(schema, check.pointer)
    const violations = runSchema(registry, check.compiled, value, { in: 'response-header', name, label })
    for (const violation of violations) out.push(violation)
  }
  return out.length === 0 ? NO_VIOLATIONS : out
}

function trimPart(part: string): string {
  return part.trim()
}

// A header's schema: `schema`, or the schema of its single `content` entry (JSON-encoded when JSON).
function headerSchema(definition: Record<string, JsonValue>): {
  schema: JsonValue | undefined
  json: boolean
} {
  if (definition.schema !== undefined) return { schema: definition.schema, json: false }
  if (isObject(definition.content)) {
    const [mediaType] = Object.keys(definition.content)
    const media = mediaType === undefined ? undefined : definition.content[mediaType]
    if (isObject(media) && media.schema !== undefined) {
      return { schema: media.schema, json: /json/i.test(mediaType as string) }
    }
  }
  return { schema: undefined, json: false }
}
