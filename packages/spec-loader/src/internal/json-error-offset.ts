const OBJECT = 0
const ARRAY = 1

/**
 * The offset of the first character that makes `source` invalid JSON, or undefined when it is valid.
 * Runs only after `JSON.parse` failed: engines do not always say where (V8 omits the position for
 * "Unexpected token"), and a message without a line and column sends the reader searching.
 * Iterative, like the loader, so a deeply nested document cannot overflow the stack here either.
 */
export function jsonErrorOffset(source: string): number | undefined {
  const stack: number[] = []
  let position = skipSpace(source, 0)
  for (;;) {
    // Expect a value at `position`.
    const char = source[position]
    if (char === '{' || char === '[') {
      stack.push(char === '{' ? OBJECT : ARRAY)
      position = skipSpace(source, position + 1)
      const close = char === '{' ? '}' : ']'
      if (source[position] === close) {
        stack.pop()
        position++
      } else if (char === '{') {
        const afterKey = scanKey(source, position)
        if (typeof afterKey !== 'number' || afterKey < 0)
          return afterKey === undefined ? position : -afterKey - 1
        position = afterKey
        continue
      } else {
        continue
      }
    } else {
      const end = scanScalar(source, position)
      if (end < 0) return -end - 1
      position = end
    }
    // After a value: close containers, or move on to the next member.
    for (;;) {
      position = skipSpace(source, position)
      const top = stack[stack.length - 1]
      if (top === undefined) return position < source.length ? position : undefined
      const next = source[position]
      if (next === (top === OBJECT ? '}' : ']')) {
        stack.pop()
        position++
        continue
      }
      if (next !== ',') return position
      position = skipSpace(source, position + 1)
      if (top === OBJECT) {
        const afterKey = scanKey(source, position)
        if (typeof afterKey !== 'number' || afterKey < 0)
          return afterKey === undefined ? position : -afterKey - 1
        position = afterKey
      }
      break
    }
  }
}

/** Scans `"key" :` and returns the offset after the colon (spaces skipped), or `-(error offset) - 1`. */
function scanKey(source: string, position: number): number | undefined {
  if (source[position] !== '"') return undefined
  const end = scanString(source, position)
  if (end < 0) return end
  const colon = skipSpace(source, end)
  if (source[colon] !== ':') return -colon - 1
  return skipSpace(source, colon + 1)
}

function scanScalar(source: string, position: number): number {
  const char = source[position]
  if (char === '"') return scanString(source, position)
  for (const literal of ['true', 'false', 'null']) {
    if (char === literal[0]) {
      for (let index = 1; index < literal.length; index++) {
        if (source[position + index] !== literal[index]) return -(position + index) - 1
      }
      return position + literal.length
    }
  }
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
  number.lastIndex = position
  const match = number.exec(source)
  if (match === null) return -(char === '-' ? position + 1 : position) - 1
  return position + match[0].length
}

function scanString(source: string, position: number): number {
  for (let index = position + 1; index < source.length; index++) {
    const code = source.charCodeAt(index)
    if (code === 34) return index + 1
    if (code < 0x20) return -index - 1
    if (code === 92) {
      const escaped = source[index + 1]
      if (escaped === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(source.slice(index + 2, index + 6))) return -(index + 1) - 1
        index += 5
      } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) {
        index++
      } else {
        return -(index + 1) - 1
      }
    }
  }
  return -source.length - 1
}

function skipSpace(source: string, position: number): number {
  let index = position
  for (; index < source.length; index++) {
    const code = source.charCodeAt(index)
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break
  }
  return index
}
