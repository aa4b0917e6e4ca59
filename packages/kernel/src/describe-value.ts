import { jsonTypeOf } from './json-type-of.js'

// How messages show a value someone passed in: the received argument of a misuse error, an echo of user
// input, and the vocabularies of type names (besides `jsonTypeOf`). Echoed input is always bounded, so one
// bad value cannot flood a message.

const ECHO_CHARS = 120
const ARGUMENT_STRING_CHARS = 60
const ARGUMENT_KEYS = 6

/**
 * Cuts `text` to `max` characters, saying how many were left out.
 *
 * @example
 * truncateText('abcdef', 3) // 'abc… (3 more characters)'
 */
export function truncateText(text: string, max: number = ECHO_CHARS): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}… (${text.length - max} more characters)`
}

/**
 * What a misuse error says it received: the kind of value and enough of it to recognise, never all of it.
 *
 * @example
 * describeArgument('petstore') // 'the string "petstore"'
 * describeArgument(42) // 'number 42'
 * describeArgument([1, 2]) // 'an array of 2 item(s)'
 * describeArgument({ spec: 'pets' }) // 'an object (keys spec)'
 */
export function describeArgument(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') {
    const shown = value.length > ARGUMENT_STRING_CHARS ? `${value.slice(0, ARGUMENT_STRING_CHARS)}…` : value
    return `the string ${JSON.stringify(shown)}`
  }
  // A function's source text can be long and says little about the mistake.
  if (typeof value === 'function') return 'a function'
  if (typeof value !== 'object') return `${typeof value} ${String(value)}`
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name
  const keys = Object.keys(value)
  const shown =
    keys.length === 0
      ? 'no keys'
      : `keys ${keys.slice(0, ARGUMENT_KEYS).join(', ')}${keys.length > ARGUMENT_KEYS ? ', …' : ''}`
  return `${typeof name === 'string' && name !== 'Object' && name !== '' ? `a ${name}` : 'an object'} (${shown})`
}

/**
 * Echoes received input for a message: JSON (strings quoted), `<missing>` for an absent value, truncated by
 * `truncateText`.
 *
 * @example
 * echoValue('3.1') // '"3.1"'
 * echoValue({ a: 1 }) // '{"a":1}'
 */
export function echoValue(value: unknown): string {
  if (value === undefined) return '<missing>'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    // Cycles and bigints: the tag still names the kind of value.
    text = Object.prototype.toString.call(value)
  }
  return truncateText(text)
}

/**
 * The type of a value read from a spec or config file, in the words of YAML and JSON documents: `mapping`,
 * `list`, `integer`, `float`, `string`, `boolean`, `null`, and `<missing>` for an absent value.
 *
 * @example
 * documentTypeOf([1]) // 'list'
 * documentTypeOf(3.1) // 'float'
 */
export function documentTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return '<missing>'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'float'
  if (typeof value === 'object') return 'mapping'
  return typeof value
}

/**
 * The JSON Schema type name of a value (`integer` apart from `number`; `array`, `object`, `null`), otherwise
 * its `typeof`: what the validator's messages say a spec or an argument held.
 *
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.1
 * @example
 * schemaTypeOf(7) // 'integer'
 * schemaTypeOf([1]) // 'array'
 */
export function schemaTypeOf(value: unknown): string {
  return Number.isInteger(value) ? 'integer' : jsonTypeOf(value)
}

/**
 * The short type names of `contracttool doctor`'s "Malformed …: expected object, got <type>." lines:
 * `list`, `null`, `string`, `int`, `float`, `bool`, `object`.
 *
 * @example
 * shortTypeOf(7) // 'int'
 * shortTypeOf(true) // 'bool'
 */
export function shortTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  if (typeof value === 'boolean') return 'bool'
  return typeof value
}
