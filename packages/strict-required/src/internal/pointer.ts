import { unescapePointerToken } from '@contracttool/kernel/internal'

// One step of an observation pointer: a named property, or the element shape of an array (`[*]`).
export type PointerStep = { readonly kind: 'property'; readonly name: string } | { readonly kind: 'items' }

const ITEMS = '[*]'
const ITEMS_STEP: PointerStep = { kind: 'items' }

// RFC 6901 escaping plus `[*]` → `[~*]`, so a property literally named `[*]` never reads as an element step.
export function escapePointerName(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1').replaceAll(ITEMS, '[~*]')
}

// Inverse of `escapePointerName`. `~` only survives escaping as `~0`, so `[~*]` can only be the marker escape.
export function unescapePointerName(token: string): string {
  return unescapePointerToken(token.replaceAll('[~*]', ITEMS))
}

// Pointer of property `name` below `parent`, where the root object is `/` (or `''` on the schema side).
export function propertyPointer(parent: string, name: string): string {
  return parent === '/' || parent === ''
    ? `/${escapePointerName(name)}`
    : `${parent}/${escapePointerName(name)}`
}

export function itemsPointer(parent: string): string {
  return parent + ITEMS
}

// Splits an observation pointer into steps; `/` is the root object (no steps). Escaped names contain neither
// `/` nor `[*]`, so both are unambiguous separators. Returns undefined for text that is not a pointer.
export function parsePointer(pointer: string): PointerStep[] | undefined {
  if (pointer === '/') return []
  const steps: PointerStep[] = []
  let at = 0
  while (at < pointer.length) {
    if (pointer.startsWith(ITEMS, at)) {
      steps.push(ITEMS_STEP)
      at += ITEMS.length
      continue
    }
    if (pointer[at] !== '/') return undefined
    let end = at + 1
    while (end < pointer.length && pointer[end] !== '/' && !pointer.startsWith(ITEMS, end)) end++
    steps.push({ kind: 'property', name: unescapePointerName(pointer.slice(at + 1, end)) })
    at = end
  }
  return steps.length === 0 ? undefined : steps
}

// `''` (the schema root) reads as `<root>` in NOTE lines.
export function displayPointer(pointer: string): string {
  return pointer === '' ? '<root>' : pointer
}
