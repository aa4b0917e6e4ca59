import type { JsonValue } from '@contracttool/kernel'
import { terminalText } from '@contracttool/kernel/internal'

const INLINE_LIMIT = 72

/**
 * Renders a JSON value as a TypeScript literal in the house style (single quotes, bare keys where they
 * are identifiers, trailing commas on multi-line literals). Short values stay on one line.
 * `indent` is the indentation of the line the literal starts on.
 */
export function renderLiteral(value: JsonValue, indent: string): string {
  const inline = renderInline(value)
  if (inline.length <= INLINE_LIMIT || typeof value !== 'object' || value === null) return inline
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((item) => `${inner}${renderLiteral(item, inner)},\n`).join('')}${indent}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  return `{\n${entries.map(([k, v]) => `${inner}${renderKey(k)}: ${renderLiteral(v, inner)},\n`).join('')}${indent}}`
}

/** A single-quoted string literal; control characters are escaped, so generated code shows them. */
export function quote(text: string): string {
  // `terminalText`'s escapes (`\n`, `\u001b`, `\u003a`) are JavaScript escapes of the same characters.
  return `'${terminalText(text.replaceAll('\\', '\\\\').replaceAll("'", "\\'"))}'`
}

// In an object literal, `__proto__: v` and `'__proto__': v` set the prototype; only a computed key
// creates an own property of that name (ECMA-262, PropertyDefinitionEvaluation).
export function renderKey(key: string): string {
  if (key === '__proto__') return `[${quote(key)}]`
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : quote(key)
}

function renderInline(value: JsonValue): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return quote(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null'
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  return `{ ${entries.map(([k, v]) => `${renderKey(k)}: ${renderInline(v)}`).join(', ')} }`
}
