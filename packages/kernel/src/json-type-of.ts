/** The type names `jsonTypeOf` gives: JSON's (`array` and `null` apart from `object`), then JavaScript's. */
export type JsonTypeName =
  | 'null'
  | 'array'
  | 'object'
  | 'string'
  | 'number'
  | 'boolean'
  | 'undefined'
  | 'bigint'
  | 'function'
  | 'symbol'

/**
 * The type of a received value as messages name it: `null` and `array` apart from `object`, otherwise
 * its `typeof`.
 *
 * @example
 * jsonTypeOf([1, 2]) // 'array'
 * jsonTypeOf(null) // 'null'
 */
export function jsonTypeOf(value: unknown): JsonTypeName {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value as JsonTypeName
}
