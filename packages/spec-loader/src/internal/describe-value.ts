const MAX_ECHO = 120

/** The JSON type name of a value, as shown in messages (`list` for arrays, `null`, `integer`, `float`). */
export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return '<missing>'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'float'
  if (typeof value === 'object') return 'mapping'
  return typeof value
}

/** Echoes user input for a message: JSON-quoted where it helps, truncated so a huge value cannot flood a log. */
export function echo(value: unknown): string {
  let text: string
  if (value === undefined) return '<missing>'
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  } catch {
    text = Object.prototype.toString.call(value)
  }
  return truncate(text)
}

/** Cuts text to a readable length, saying how much was left out. */
export function truncate(text: string, max: number = MAX_ECHO): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}… (${text.length - max} more characters)`
}
