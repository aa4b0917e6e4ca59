import { levenshtein } from './levenshtein.js'

/**
 * The candidate a mistyped name most likely meant, for a "Did you mean …?" hint, or undefined when none is
 * close. Case is ignored (`specBasepath` finds `specBasePath`); a typo of a short name is one or two edits,
 * and a change of more than a third of the word is another word, not a typo.
 *
 * @example
 * closestName('sepc', ['spec', 'spec-name', 'json']) // 'spec'
 */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase()
  const max = Math.max(2, Math.floor(word.length / 3))
  let closest: string | undefined
  let best = max + 1
  for (const candidate of candidates) {
    if (candidate === word) continue
    const distance = levenshtein(lower, candidate.toLowerCase(), max)
    if (distance < best) [closest, best] = [candidate, distance]
  }
  return closest
}

/** ` Did you mean "<name>"?` when a candidate is close to `word`, else `''`: appended to a message. */
export function didYouMean(word: string, candidates: Iterable<string>, quote = '"'): string {
  const closest = closestName(word, candidates)
  return closest === undefined ? '' : ` Did you mean ${quote}${closest}${quote}?`
}
