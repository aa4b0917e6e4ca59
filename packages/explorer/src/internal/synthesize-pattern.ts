import {
  type CharSet,
  type EscapeLetter,
  endsAnchored,
  type PatternNode,
  parsePattern,
  planPattern,
  runPattern,
  startsAnchored,
} from '@contracttool/pattern/internal'
import type { Random } from './random.js'
import { UngeneratableError } from './schema-env.js'

/*
 * Builds strings that match a regular expression, for the subset of ECMA-262 that real specs use:
 * literals and escapes, `.`, character classes (ranges, negation, \d \w \s and their negations),
 * groups (capturing, non-capturing, named), alternation, quantifiers (* + ? {n} {n,} {n,m}, lazy
 * or not) and `^`/`$` at the edges. Lookarounds, backreferences, word boundaries and Unicode
 * property escapes are outside the subset: the caller turns that into a skip reason. The pattern is
 * read by `@contracttool/pattern`'s parser, the one the validator's linear-time matcher reads too.
 */

/** How quantifiers pick their repetition count. */
export type RepeatMode = 'short' | 'long' | 'random'

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i))
const DIGITS = PRINTABLE.filter((c) => c >= '0' && c <= '9')
const WORD = PRINTABLE.filter((c) => /\w/.test(c))
const SPACE = [' ']
const DOT = PRINTABLE.filter((c) => /[A-Za-z0-9]/.test(c))
const ESCAPES: Readonly<Record<EscapeLetter, readonly string[]>> = {
  d: DIGITS,
  D: PRINTABLE.filter((c) => !DIGITS.includes(c)),
  w: WORD,
  W: PRINTABLE.filter((c) => !WORD.includes(c)),
  s: SPACE,
  S: PRINTABLE.filter((c) => c !== ' '),
}
const UNBOUNDED_EXTRA = 3
const MAX_CLASS_SIZE = 4096

// The pattern as a tree whose single-character atoms are the characters to pick from.
type SynthesisNode =
  | { readonly kind: 'seq'; readonly items: readonly SynthesisNode[] }
  | { readonly kind: 'alt'; readonly options: readonly SynthesisNode[] }
  | { readonly kind: 'set'; readonly chars: readonly string[] }
  | { readonly kind: 'repeat'; readonly node: SynthesisNode; readonly min: number; readonly max: number }
  | { readonly kind: 'anchor' }

/** A parsed pattern, ready to synthesize strings. */
export interface PatternSynthesizer {
  readonly source: string
  readonly anchoredStart: boolean
  readonly anchoredEnd: boolean
  /** Whether `value` matches the pattern (in bounded time: the subset has no backtracking-only construct). */
  test(value: string): boolean
  generate(random: Random, mode: RepeatMode): string
}

/** Parses `source`; throws `UngeneratableError` when it is outside the supported subset. */
export function synthesizePattern(source: string): PatternSynthesizer {
  try {
    new RegExp(source, 'u')
  } catch (error) {
    throw new UngeneratableError(
      `String pattern '${source}' is not a valid ECMA-262 regular expression: ${String(error)}`,
    )
  }
  const unsupported = (detail: string): never => {
    throw new UngeneratableError(
      `String pattern '${source}' is outside the explorer's supported synthesis subset (${detail}).`,
    )
  }
  let tree: PatternNode
  try {
    tree = parsePattern(source, true)
  } catch (error) {
    return unsupported((error as Error).message)
  }
  const root = toSynthesis(tree, unsupported)
  const plan = planPattern(source, 'u')
  return {
    source,
    anchoredStart: startsAnchored(tree),
    anchoredEnd: endsAnchored(tree),
    test: (value) => runPattern(plan, value) === true,
    generate(random, mode) {
      const out: string[] = []
      emit(root, random, mode, out)
      return out.join('')
    },
  }
}

// Turns the parsed pattern into characters to pick from, refusing (in source order) what synthesis
// cannot honour.
function toSynthesis(node: PatternNode, unsupported: (detail: string) => never): SynthesisNode {
  switch (node.type) {
    case 'sequence':
      return { kind: 'seq', items: node.items.map((item) => toSynthesis(item, unsupported)) }
    case 'alternation':
      return { kind: 'alt', options: node.items.map((item) => toSynthesis(item, unsupported)) }
    case 'repeat':
      if (node.node.type === 'assertion') unsupported('a quantified anchor')
      return { kind: 'repeat', node: toSynthesis(node.node, unsupported), min: node.min, max: node.max }
    case 'assertion':
      if (node.kind === 'word') unsupported('word boundaries (\\b)')
      if (node.kind === 'not-word') unsupported('word boundaries (\\B)')
      return { kind: 'anchor' }
    case 'lookaround':
      return unsupported('lookaround assertions')
    case 'backreference':
      return unsupported(node.named ? 'named backreferences' : 'backreferences')
    case 'char':
      return { kind: 'set', chars: charsOf(node.set, unsupported) }
  }
}

function charsOf(set: CharSet, unsupported: (detail: string) => never): readonly string[] {
  switch (set.kind) {
    case 'literal':
      return [String.fromCodePoint(set.codePoint)]
    case 'dot':
      return DOT
    case 'escape':
      return ESCAPES[set.letter]
    case 'property':
      return unsupported('Unicode property escapes')
    case 'class': {
      const members = new Set<string>()
      for (const member of set.members) {
        if (member.kind === 'range') {
          for (let code = member.from; code <= member.to && members.size < MAX_CLASS_SIZE; code++)
            members.add(String.fromCodePoint(code))
        } else {
          for (const c of charsOf(member, unsupported)) members.add(c)
        }
      }
      const chars = set.negated ? PRINTABLE.filter((c) => !members.has(c)) : [...members]
      if (chars.length === 0) unsupported('an empty character class')
      return preferReadable(chars)
    }
  }
}

function emit(node: SynthesisNode, random: Random, mode: RepeatMode, out: string[]): void {
  switch (node.kind) {
    case 'seq':
      for (const item of node.items) emit(item, random, mode, out)
      return
    case 'alt':
      emit(random.pick(node.options), random, mode, out)
      return
    case 'set':
      out.push(random.pick(node.chars))
      return
    case 'repeat': {
      const upper = Math.min(node.max, node.min + UNBOUNDED_EXTRA)
      const count = mode === 'short' ? node.min : mode === 'long' ? upper : random.int(node.min, upper)
      for (let i = 0; i < count; i++) emit(node.node, random, mode, out)
      return
    }
    case 'anchor':
      return
  }
}

/** Keeps generated values printable and shell-friendly when a class allows that. */
function preferReadable(chars: readonly string[]): readonly string[] {
  const readable = chars.filter((c) => /[A-Za-z0-9_\-.]/.test(c))
  return readable.length > 0 ? readable : chars
}
