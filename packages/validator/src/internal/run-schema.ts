import type { Violation } from '../types.js'
import { type CompiledSchema, MAX_REFERENCE_DEPTH, type SchemaRegistry } from './schema-registry.js'
import { depthViolation, schemaViolations, type ViolationTarget } from './schema-violations.js'

// What a conforming value gets: one shared, frozen list, so the passing path allocates nothing.
export const NO_VIOLATIONS: readonly Violation[] = Object.freeze([])

// A failing value of at most this many JSON values (every object, array, and scalar in it counts) is
// validated again collecting every error; a larger one is explained by its first violation only, so the
// errors built for one failure stay bounded whatever the value holds (a million wrong items build one).
// Collecting every error is also where time goes: Ajv joins the errors of each failing reference with
// `concat`, quadratic in their number (50,000 wrong items under a `$ref` took two minutes); 10,000 values
// keep the worst case near a second.
export const EXHAUSTIVE_VALUE_LIMIT = 10_000

// Validates `value` with a compiled document schema and explains the failure. Never throws for bad
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
  const first = validate.errors ?? []
  if (holdsMoreThan(value, EXHAUSTIVE_VALUE_LIMIT)) {
    return stoppedAtFirst(schemaViolations(registry, validate, first, target))
  }
  const exhaustive = registry.exhaustive()
  const again = exhaustive.compile(compiled.node, compiled.pointer).validate
  if (again === undefined) return schemaViolations(registry, validate, first, target)
  try {
    if (again(value)) return schemaViolations(registry, validate, first, target)
  } catch (error) {
    if (error instanceof RangeError) return [depthViolation(target, '', MAX_REFERENCE_DEPTH)]
    throw error
  }
  return schemaViolations(exhaustive, again, again.errors ?? [], target)
}

// True when `value` holds more than `limit` JSON values; stops counting there.
function holdsMoreThan(value: unknown, limit: number): boolean {
  return countValues(value, limit, 0) > limit
}

// Values nest this deep before counting goes on with a stack of its own instead of the call stack.
const COUNT_DEPTH = 512

// The JSON values in `node`, counted until they pass `budget` (then any number above it). Nothing is
// allocated on the way: this runs over every failing value, as large as the value being explained.
function countValues(node: unknown, budget: number, depth: number): number {
  if (typeof node !== 'object' || node === null) return 1
  if (depth === COUNT_DEPTH) return countValuesDeep(node, budget)
  let count = 1
  if (Array.isArray(node)) {
    if (node.length >= budget) return budget + 1
    for (let i = 0; i < node.length && count <= budget; i++) {
      const item: unknown = node[i]
      count += typeof item !== 'object' || item === null ? 1 : countValues(item, budget - count, depth + 1)
    }
    return count
  }
  for (const key in node) {
    const item: unknown = (node as Record<string, unknown>)[key]
    count += typeof item !== 'object' || item === null ? 1 : countValues(item, budget - count, depth + 1)
    if (count > budget) return count
  }
  return count
}

// `countValues` for values nested deeper than the call stack should go.
function countValuesDeep(value: object, budget: number): number {
  let count = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (++count > budget) return count
    if (typeof node !== 'object' || node === null) continue
    for (const key in node) stack.push((node as Record<string, unknown>)[key])
  }
  return count
}

// The first violation of a value too large to explain in full, saying so.
function stoppedAtFirst(violations: readonly Violation[]): readonly Violation[] {
  const [head, ...rest] = violations
  if (head === undefined) return violations
  return [
    {
      ...head,
      message: `${head.message}\n  validation stopped at the first violation: the value holds more than ${EXHAUSTIVE_VALUE_LIMIT.toLocaleString('en-US')} JSON values, so any others were not looked for`,
    },
    ...rest,
  ]
}
