import { escapePointerToken } from '@contracttool/kernel/internal'

// Characters a URI fragment may hold as they are (RFC 3986 §3.5); anything else is percent-encoded so
// that readers, which percent-decode a pointer before unescaping `~1` and `~0`, get the token back.
// Matched by code point (`u`), so a character outside the BMP is encoded whole, not as two halves.
const NOT_FRAGMENT_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu
// A lone surrogate has no UTF-8 form; it is shown as U+FFFD, the replacement character.
const REPLACEMENT_CHARACTER = '%EF%BF%BD'

/** One reference token ready to append to a `#/...` fragment: RFC 6901 escaped, then percent-encoded. */
export function encodePointerToken(token: string): string {
  return escapePointerToken(token).replace(NOT_FRAGMENT_SAFE, percentEncode)
}

function percentEncode(character: string): string {
  try {
    return encodeURIComponent(character)
  } catch {
    return REPLACEMENT_CHARACTER
  }
}

/**
 * The JSON pointer of `target` inside `root`, found by a breadth-first search. Only error paths call
 * it, so the loader's hot path never has to track where it is.
 */
export function findPointer(root: unknown, target: object): string | undefined {
  if (root === target) return '#'
  const seen = new Set<object>()
  let level: [object, string][] = typeof root === 'object' && root !== null ? [[root, '#']] : []
  while (level.length > 0) {
    const next: [object, string][] = []
    for (const [node, pointer] of level) {
      if (seen.has(node)) continue
      seen.add(node)
      for (const [key, child] of Object.entries(node)) {
        if (typeof child !== 'object' || child === null) continue
        const childPointer = `${pointer}/${encodePointerToken(key)}`
        if (child === target) return childPointer
        next.push([child, childPointer])
      }
    }
    level = next
  }
  return undefined
}
