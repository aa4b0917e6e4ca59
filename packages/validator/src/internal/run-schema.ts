import type { Violation } from '../types.js'
import { type CompiledSchema, MAX_REFERENCE_DEPTH, type SchemaRegistry } from './schema-registry.js'
import { depthViolation, schemaViolations, type ViolationTarget } from './schema-violations.js'

// What a conforming value gets: one shared, frozen list, so the passing path allocates nothing.
export const NO_VIOLATIONS: readonly Violation[] = Object.freeze([])

// Validates `value` with a compiled document schema and explains every failure. Never throws for bad
// data: references nest at most `MAX_REFERENCE_DEPTH` deep (counted by the lazy reference keyword), and a
// stack overflow that still happens (a native `$ref` cycle under `unevaluatedProperties`) is caught.
export function runSchema(
  registry: SchemaRegistry,
  compiled: CompiledSchema,
  value: unknown,
  target: ViolationTarget,
): readonly Violation[] {
  const validate = compiled.validate
  if (validate === undefined) {
    return [
      {
        code: 'malformed-schema',
        message: `[${target.label}${target.label === '' ? '/' : ''}] cannot be validated: ${compiled.error ?? 'the schema does not compile'}`,
        location:
          target.name === undefined
            ? { in: target.in, pointer: '' }
            : { in: target.in, name: target.name, pointer: '' },
      },
    ]
  }
  try {
    if (validate(value)) return NO_VIOLATIONS
  } catch (error) {
    if (error instanceof RangeError) return [depthViolation(target, '', MAX_REFERENCE_DEPTH)]
    throw error
  }
  return schemaViolations(registry, validate, validate.errors ?? [], target)
}
