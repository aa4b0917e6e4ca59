import { escapePointerToken } from '@contracttool/kernel/internal'
/**
 * For each line of `JSON.stringify(value, null, 2)`, the JSON pointer of the value that line opens (or
 * closes). @readme/openapi-parser reports schema errors as code frames over exactly that text, with line
 * numbers but no paths; this map turns a line number back into a location. Index 0 is line 1.
 */
export function jsonLinePointers(value: unknown): string[] {
  const lines: string[] = []
  const visit = (node: unknown, pointer: string): void => {
    lines.push(pointer)
    if (Array.isArray(node)) {
      if (node.length === 0) return
      node.forEach((item, index) => {
        // JSON.stringify writes undefined and functions inside arrays as null: still one line.
        visit(isSerializable(item) ? item : null, `${pointer}/${index}`)
      })
      lines.push(pointer)
      return
    }
    if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node).filter(([, v]) => isSerializable(v))
      if (entries.length === 0) return
      for (const [key, child] of entries) visit(child, `${pointer}/${escapePointerToken(key)}`)
      lines.push(pointer)
    }
  }
  visit(value, '#')
  return lines
}

function isSerializable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol'
}
