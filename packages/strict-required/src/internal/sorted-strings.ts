// Code-unit order: deterministic across locales and Node versions (unlike `localeCompare`).
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function sortUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareStrings)
}

// Intersection of two sorted, unique lists, in one pass.
export function intersectSorted(left: readonly string[], right: readonly string[]): string[] {
  const out: string[] = []
  let i = 0
  let j = 0
  while (i < left.length && j < right.length) {
    const a = left[i] as string
    const b = right[j] as string
    if (a === b) {
      out.push(a)
      i++
      j++
    } else if (a < b) {
      i++
    } else {
      j++
    }
  }
  return out
}

export function compareTuples(left: readonly string[], right: readonly string[]): number {
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = compareStrings(left[i] as string, right[i] as string)
    if (order !== 0) return order
  }
  return left.length - right.length
}
