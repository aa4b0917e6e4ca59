import { crc32 } from './internal/crc32.js'

/**
 * Derives a per-item seed from a global seed and the item's identity:
 * `crc32(parts.join('\0')) & 0x7fffffff`. The same parts give the same seed whatever the
 * traversal order, so filtering or reordering operations never changes another operation's cases.
 *
 * @example
 * deriveSeed(['petstore', 'GET', '/pets/{petId}', 42]) // per-operation seed of whole-spec exploration
 */
export function deriveSeed(parts: readonly (string | number)[]): number {
  return crc32(parts.map(String).join('\0')) & 0x7fffffff
}
