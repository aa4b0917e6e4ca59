import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { isObject } from '@contracttool/kernel'
import { follow } from './follow.js'

// Keywords that constrain only strings (or any value, as `enum`/`const` do): a schema made of them
// describes the text of a non-JSON body, which is then validated as a string.
const STRING_KEYWORDS = ['enum', 'const', 'pattern', 'minLength', 'maxLength'] as const

/**
 * True for a schema of a non-JSON body that reads as a string, which the validator then checks against
 * the body's raw text: `type: string` (3.1 also `type: [string, …]`), or no `type` and only string
 * keywords (`enum` / `const` of strings, `pattern`, `minLength`, `maxLength`). A binary string
 * (`format: binary` / `byte`, `contentEncoding`, `contentMediaType`) stays unchecked: the body is not
 * its text. Any other schema of a non-JSON body is not evaluated.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#considerations-for-file-uploads
 * @example
 * describesText(spec.document, { type: 'string', pattern: '^ok$' }) // true
 */
export function describesText(document: JsonObject, schema: JsonValue): boolean {
  const node = follow(document, schema)
  if (!isObject(node)) return false
  if (
    node.format === 'binary' ||
    node.format === 'byte' ||
    node.contentEncoding !== undefined ||
    node.contentMediaType !== undefined
  )
    return false
  const type = node.type
  if (type === 'string') return true
  if (Array.isArray(type)) return type.includes('string')
  if (type !== undefined) return false
  let constrained = false
  for (const keyword of STRING_KEYWORDS) {
    const value = node[keyword]
    if (value === undefined) continue
    if (keyword === 'enum' && !(Array.isArray(value) && value.every((item) => typeof item === 'string')))
      return false
    if (keyword === 'const' && typeof value !== 'string') return false
    constrained = true
  }
  return constrained
}
