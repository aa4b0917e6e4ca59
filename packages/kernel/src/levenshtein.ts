// Unit costs for insert, delete and substitute, as the classic Levenshtein distance counts them.
// With `max`, any distance above it comes back as `max + 1` as soon as that is certain, so ranking
// thousands of templates only measures the few that can still place.
/**
 * The edit distance between two strings (insertions, deletions and substitutions of one UTF-16 unit each),
 * or `max + 1` as soon as it is certain to exceed `max`. Suggestions for mistyped names rank candidates with it.
 *
 * @example
 * levenshtein('doctr', 'doctor') // 1
 */
export function levenshtein(a: string, b: string, max: number = Infinity): number {
  if (a === b) return 0
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (a.length === 0) return b.length
  if (b.length === 0) return a.length
  let previous = new Uint32Array(b.length + 1)
  let current = new Uint32Array(b.length + 1)
  for (let j = 0; j <= b.length; j++) previous[j] = j
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let rowMin = i
    const code = a.charCodeAt(i - 1)
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] as number) + (code === b.charCodeAt(j - 1) ? 0 : 1)
      const remove = (previous[j] as number) + 1
      const insert = (current[j - 1] as number) + 1
      const cell = Math.min(substitute, remove, insert)
      current[j] = cell
      if (cell < rowMin) rowMin = cell
    }
    // Every path to the last cell crosses this row, so the distance is at least its minimum.
    if (rowMin > max) return max + 1
    ;[previous, current] = [current, previous]
  }
  const distance = previous[b.length] as number
  return distance > max ? max + 1 : distance
}
