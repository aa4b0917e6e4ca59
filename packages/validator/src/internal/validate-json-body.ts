import type { JsonValue } from '@contracttool/kernel'
import type { SchemaContext, Violation } from '../types.js'
import { describeValue, previewValue } from './describe-value.js'
import { runSchema } from './run-schema.js'
import type { CompiledSchema, SchemaRegistry } from './schema-registry.js'
import type { ViolationTarget } from './schema-violations.js'
import type { SpecState } from './spec-state.js'

// Validates a decoded JSON body. A string body rejected at the root is usually text that was never
// decoded: the violation then says whether the text is JSON at all, which a bare type error hides.
export function validateJsonBody(
  state: SpecState,
  context: SchemaContext,
  schema: JsonValue,
  schemaPointer: () => string,
  body: unknown,
  contentType: string,
): readonly Violation[] {
  const registry = state.registry(context)
  return checkJsonBody(registry, registry.compile(schema, schemaPointer), body, contentType)
}

const BODY: ViolationTarget = { in: 'body', label: '' }

// `validateJsonBody` with the schema compiled already.
export function checkJsonBody(
  registry: SchemaRegistry,
  compiled: CompiledSchema,
  body: unknown,
  contentType: string,
): readonly Violation[] {
  const violations = runSchema(registry, compiled, body, BODY)
  if (typeof body !== 'string' || violations.length === 0) return violations
  return violations.map((violation) => {
    if (violation.keyword !== 'type' || violation.location.pointer !== '') return violation
    let parsed = true
    let reason = ''
    try {
      JSON.parse(body)
    } catch (error) {
      parsed = false
      reason = (error as Error).message
    }
    const message = parsed
      ? `[/] must be ${violation.expected ?? 'a JSON value'}, received ${describeValue(body)}: the body is JSON text that was never decoded; pass the parsed value as the body`
      : `[/] body is not JSON although Content-Type is '${contentType}': received ${describeValue(body)}, which does not parse as JSON (${reason})`
    return { ...violation, code: parsed ? 'schema' : 'body-not-json', message, actual: previewValue(body) }
  })
}
