import { escapePointerToken, isObject, type JsonValue } from '@contracttool/spec-loader'
import type { Violation } from '../types.js'
import { coerceValue, readShape, wantsArray, wantsObject } from './coerce.js'
import { typeNameForMessage } from './describe-value.js'
import { type HeaderIndex, headerValues } from './header-values.js'
import { splitSimple } from './parameter-styles.js'
import { runSchema } from './run-schema.js'
import type { SpecState } from './spec-state.js'
import { plainViolation } from './spec-violations.js'

// Checks the headers a response declares (except Content-Type, which content negotiation covers):
// required ones must be present, a header sent several times is refused rather than guessed, and each
// value is decoded (`simple` style), coerced to its schema's type and validated.
//
// @see https://spec.openapis.org/oas/v3.1.0#header-object
export function validateResponseHeaders(
  state: SpecState,
  definitions: JsonValue | undefined,
  headers: HeaderIndex,
  where: { readonly method: string; readonly template: string; readonly pointer: () => string },
): Violation[] {
  if (definitions === undefined) return []
  if (!isObject(definitions)) {
    return [
      plainViolation(
        'malformed-spec',
        'response-header',
        `[response-header] spec 'headers' must be an object for ${where.method} ${where.template}; got ${typeNameForMessage(definitions)}.`,
      ),
    ]
  }
  const out: Violation[] = []
  const document = state.spec.document
  for (const name of Object.keys(definitions)) {
    if (name.trim().toLowerCase() === 'content-type') continue
    const label = `response-header.${name}`
    const definition = definitions[name]
    if (!isObject(definition)) {
      out.push(
        plainViolation(
          'malformed-spec',
          'response-header',
          `[${label}] header definition must be an object; got ${typeNameForMessage(definition)}.`,
          {
            name,
          },
        ),
      )
      continue
    }
    const required = definition.required === true
    const values = headerValues(headers, name)
    const { schema, json } = headerSchema(definition)
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
    const shape = readShape(document, schema)
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
    if (json) {
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
        splitSimple(raw, definition.explode === true, kind, (part) => part.trim()),
        shape,
      )
    }
    const compiled = state
      .registry('response')
      .compile(schema, () => `${where.pointer()}/headers/${escapePointerToken(name)}/schema`)
    out.push(
      ...runSchema(state.registry('response'), compiled, value, { in: 'response-header', name, label }),
    )
  }
  return out
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
