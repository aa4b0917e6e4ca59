import { type PatternNode, startsAnchored } from '../parse-pattern.js'

// The most steps (as counted by `backtrackingBound`) the native engine may be handed for one test:
// tens of milliseconds at worst.
export const NATIVE_STEP_BUDGET = 10_000_000

// The longest input on which a backtracking engine's work on `ast` stays within `NATIVE_STEP_BUDGET`
// (the bound grows with the input's length); -1 when no input is safe.
export function largestSafeLength(ast: PatternNode, patternLength: number): number {
  const safe = (n: number) => backtrackingBound(ast, n, patternLength) <= NATIVE_STEP_BUDGET
  if (!safe(0)) return -1
  let low = 0
  let high = 1
  while (high < 2 ** 30 && safe(high)) [low, high] = [high, high * 2]
  if (safe(high)) return high
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (safe(middle)) low = middle
    else high = middle
  }
  return low
}

// An upper bound on the steps a backtracking engine takes to test `ast` on an input of `n` characters.
// A backtracking matcher explores a tree whose leaves are the ways the pattern can be laid over the input:
// a quantifier with a deterministic body chooses one of at most `min(max, n) - min + 1` counts, an
// alternation one of its branches, and a sequence combines its parts' choices. A quantified part that
// can itself match in more than one way (`(a+)+`, `(a|ab)*`, `(a?b?)*`) has exponentially many
// leaves. Each leaf costs at most one visit of every choice point (each greedy loop gives back
// one iteration per step) and the pattern's atoms; an unanchored pattern is retried at every start
// position, and a backreference compares up to `n` characters.
function backtrackingBound(ast: PatternNode, n: number, patternLength: number): number {
  const { ways, choicePoints, backreferences } = waysToMatch(ast, n)
  const starts = startsAnchored(ast) ? 1 : n + 1
  return starts * ways * (choicePoints + 1) * (patternLength + 1) * (backreferences ? n + 1 : 1)
}

interface Ways {
  readonly ways: number
  readonly choicePoints: number
  readonly backreferences: boolean
}

function waysToMatch(node: PatternNode, n: number): Ways {
  switch (node.type) {
    case 'char':
    case 'assertion':
      return { ways: 1, choicePoints: 0, backreferences: false }
    case 'backreference':
      return { ways: 1, choicePoints: 0, backreferences: true }
    case 'lookaround':
      return waysToMatch(node.node, n)
    case 'sequence':
    case 'alternation': {
      const isSequence = node.type === 'sequence'
      let ways = isSequence ? 1 : 0
      let choicePoints = isSequence ? 0 : 1
      let backreferences = false
      for (const item of node.items) {
        const inner = waysToMatch(item, n)
        ways = isSequence ? ways * inner.ways : ways + inner.ways
        choicePoints += inner.choicePoints
        backreferences ||= inner.backreferences
      }
      return { ways, choicePoints, backreferences }
    }
    case 'repeat': {
      const inner = waysToMatch(node.node, n)
      const counts = Math.max(1, Math.min(node.max, n) - node.min + 1)
      if (node.max > 1 && inner.ways > 1) {
        // Each iteration picks one way of its body or stops, and at most n + 1 iterations fit n characters.
        return {
          ways: (inner.ways + 1) ** (Math.min(node.max, n) + 1),
          choicePoints: (inner.choicePoints + 1) * (Math.min(node.max, n) + 1),
          backreferences: inner.backreferences,
        }
      }
      // `x?` chooses between no match and each way of matching `x`; `x{m,n}` with a deterministic `x`
      // chooses a count.
      const ways =
        node.max === 0 ? 1 : node.max === 1 ? (node.min === 1 ? inner.ways : 1 + inner.ways) : counts
      return {
        ways,
        choicePoints: inner.choicePoints + (counts > 1 || node.max <= 1 ? 1 : 0),
        backreferences: inner.backreferences,
      }
    }
  }
}
