import type { JsonObject } from './json-value.js'

/**
 * True for a JSON object (a mapping): not null, not a list.
 *
 * @example
 * isObject({}) // true
 * isObject([]) // false
 */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
