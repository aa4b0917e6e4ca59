import { jsonTypeOf } from '@contracttool/kernel/internal'

const DEFAULT_BUDGET = 60

// A short JSON-like rendering of `value`, never longer than about `budget` characters. Bodies can be
// megabytes: the walk stops as soon as the budget is spent, so its cost does not depend on the size.
export function previewValue(value: unknown, budget: number = DEFAULT_BUDGET): string {
  let out = ''
  let left = budget
  const emit = (text: string): boolean => {
    if (left < 0) return false
    if (text.length <= left) {
      out += text
      left -= text.length
      return true
    }
    out += `${text.slice(0, left)}…`
    left = -1
    return false
  }
  // Recursion depth is bounded by the budget: every level writes at least one character.
  const write = (v: unknown): boolean => {
    // Only the visible head of a long string is escaped: a 10 MB string costs the same as a short one.
    if (typeof v === 'string') return emit(JSON.stringify(v.length > left + 2 ? v.slice(0, left + 2) : v))
    if (typeof v === 'number' || typeof v === 'boolean' || v === null) return emit(String(v))
    if (v === undefined) return emit('undefined')
    if (typeof v === 'bigint') return emit(`${v}n`)
    if (typeof v !== 'object') return emit(`[${typeof v}]`)
    if (Array.isArray(v)) {
      if (!emit('[')) return false
      for (let i = 0; i < v.length; i++) {
        if (i > 0 && !emit(',')) return false
        if (!write(v[i])) return false
      }
      return emit(']')
    }
    if (!emit('{')) return false
    let first = true
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue
      if (!first && !emit(',')) return false
      first = false
      if (!emit(`${JSON.stringify(key)}:`)) return false
      if (!write((v as Record<string, unknown>)[key])) return false
    }
    return emit('}')
  }
  write(value)
  return out
}

// `"1" (string)`, `42 (number)`, `null`, `{"a":1,…} (object)`: the received part of a violation line.
export function describeValue(value: unknown, budget: number = DEFAULT_BUDGET): string {
  const type = jsonTypeOf(value)
  if (value === null || value === undefined) return type
  return `${previewValue(value, budget)} (${type})`
}

// `describeValue` for a value already rendered by `previewValue` with the default budget.
export function describePreview(value: unknown, preview: string): string {
  const type = jsonTypeOf(value)
  if (value === null || value === undefined) return type
  return `${preview} (${type})`
}
