import { schemaTypeOf } from '@contracttool/kernel/internal'
import type { Violation, ViolationLocation } from '../types.js'

// `Malformed 'paths["/pets"].get.responses' for GET /pets in 'petstore' spec: expected object, got array.`
export function malformedNode(
  node: string,
  method: string,
  path: string,
  specName: string,
  value: unknown,
): Violation {
  return {
    code: 'malformed-spec',
    message: `Malformed '${node}' for ${method} ${path} in '${specName}' spec: expected object, got ${schemaTypeOf(value)}.`,
    location: { in: 'spec', pointer: '' },
    expected: 'object',
    actual: schemaTypeOf(value),
  }
}

// A violation that is a sentence, not a schema error.
export function plainViolation(
  code: string,
  location: ViolationLocation,
  message: string,
  extra: {
    readonly name?: string
    readonly pointer?: string
    readonly expected?: string
    readonly actual?: string
  } = {},
): Violation {
  return {
    code,
    message,
    location:
      extra.name === undefined
        ? { in: location, pointer: extra.pointer ?? '' }
        : { in: location, name: extra.name, pointer: extra.pointer ?? '' },
    ...(extra.expected === undefined ? {} : { expected: extra.expected }),
    ...(extra.actual === undefined ? {} : { actual: extra.actual }),
  }
}
