import { encodePointerToken } from './pointer.js'

const QUOTE = 34
const BACKSLASH = 92
const COLON = 58

/**
 * Counts the member names written in a JSON text that `JSON.parse` accepted. Outside strings a valid
 * JSON text holds no quotes, so jumping from quote to quote with `indexOf` visits exactly its strings;
 * a string followed by `:` is a member name. Allocates nothing: the count is compared with the members
 * of the parsed value, and only a difference (a duplicate, which `JSON.parse` folds silently) pays for
 * `findDuplicateKey`.
 */
export function countJsonKeys(source: string): number {
  let keys = 0
  let start = source.indexOf('"')
  while (start !== -1) {
    let end = source.indexOf('"', start + 1)
    while (end !== -1 && isEscaped(source, end)) end = source.indexOf('"', end + 1)
    if (end === -1) break
    let next = end + 1
    let char = source.charCodeAt(next)
    while (char === 32 || char === 10 || char === 13 || char === 9) char = source.charCodeAt(++next)
    if (char === COLON) keys++
    start = source.indexOf('"', next)
  }
  return keys
}

/** Counts the members of every object in a parsed JSON value (no recursion: the value may be deep). */
export function countValueKeys(value: unknown): number {
  let keys = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node !== 'object' || node === null) continue
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item)
      continue
    }
    for (const key in node) {
      keys++
      const child = (node as Record<string, unknown>)[key]
      if (typeof child === 'object' && child !== null) stack.push(child)
    }
  }
  return keys
}

export interface DuplicateKey {
  readonly key: string
  /** Offset of the second occurrence of the name. */
  readonly offset: number
  /** JSON pointer of the object holding both. */
  readonly pointer: string
}

interface Frame {
  readonly pointer: string
  /** Member names seen so far; undefined for arrays. */
  readonly keys: Set<string> | undefined
  /** The key or index of the value being read. */
  token: string | number
}

/** The first member name written twice in one object of a JSON text that `JSON.parse` accepted. */
export function findDuplicateKey(source: string): DuplicateKey | undefined {
  const frames: Frame[] = []
  const childPointer = () => {
    const top = frames[frames.length - 1]
    return top === undefined ? '#' : `${top.pointer}/${encodePointerToken(String(top.token))}`
  }
  for (let index = 0; index < source.length; index++) {
    const char = source.charCodeAt(index)
    if (char === QUOTE) {
      let end = source.indexOf('"', index + 1)
      while (isEscaped(source, end)) end = source.indexOf('"', end + 1)
      let next = end + 1
      while (/\s/.test(source[next] ?? '')) next++
      const top = frames[frames.length - 1]
      if (source.charCodeAt(next) === COLON && top?.keys !== undefined) {
        const key = JSON.parse(source.slice(index, end + 1)) as string
        if (top.keys.has(key)) return { key, offset: index, pointer: top.pointer }
        top.keys.add(key)
        top.token = key
      }
      index = end
    } else if (char === 123 || char === 91) {
      frames.push({ pointer: childPointer(), keys: char === 123 ? new Set() : undefined, token: 0 })
    } else if (char === 125 || char === 93) {
      frames.pop()
    } else if (char === 44) {
      const top = frames[frames.length - 1]
      if (top !== undefined && top.keys === undefined) top.token = (top.token as number) + 1
    }
  }
  return undefined
}

function isEscaped(source: string, quote: number): boolean {
  let backslashes = 0
  while (source.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
  return backslashes % 2 === 1
}
