import type { Random } from './random.js'
import { UngeneratableError } from './schema-env.js'

/*
 * Builds strings that match a regular expression, for the subset of ECMA-262 that real specs use:
 * literals and escapes, `.`, character classes (ranges, negation, \d \w \s and their negations),
 * groups (capturing, non-capturing, named), alternation, quantifiers (* + ? {n} {n,} {n,m}, lazy
 * or not) and `^`/`$` at the edges. Lookarounds, backreferences, word boundaries and Unicode
 * property escapes are outside the subset: the caller turns that into a skip reason.
 */

type PatternNode =
  | { readonly kind: 'seq'; readonly items: readonly PatternNode[] }
  | { readonly kind: 'alt'; readonly options: readonly PatternNode[] }
  | { readonly kind: 'set'; readonly chars: readonly string[] }
  | { readonly kind: 'repeat'; readonly node: PatternNode; readonly min: number; readonly max: number }
  | { readonly kind: 'anchor' }

/** How quantifiers pick their repetition count. */
export type RepeatMode = 'short' | 'long' | 'random'

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i))
const DIGITS = PRINTABLE.filter((c) => c >= '0' && c <= '9')
const WORD = PRINTABLE.filter((c) => /\w/.test(c))
const SPACE = [' ']
const DOT = PRINTABLE.filter((c) => /[A-Za-z0-9]/.test(c))
const UNBOUNDED_EXTRA = 3
const MAX_CLASS_SIZE = 4096

/** A parsed pattern, ready to synthesize strings. */
export interface CompiledPattern {
  readonly source: string
  readonly regex: RegExp
  readonly anchoredStart: boolean
  readonly anchoredEnd: boolean
  generate(random: Random, mode: RepeatMode): string
}

/** Parses `source`; throws `UngeneratableError` when it is outside the supported subset. */
export function compilePattern(source: string): CompiledPattern {
  let regex: RegExp
  try {
    regex = new RegExp(source, 'u')
  } catch (error) {
    throw new UngeneratableError(
      `String pattern '${source}' is not a valid ECMA-262 regular expression: ${String(error)}`,
    )
  }
  const parser = new Parser(source)
  const root = parser.parseAll()
  return {
    source,
    regex,
    anchoredStart: startsWithAnchor(root),
    anchoredEnd: endsWithAnchor(root),
    generate(random, mode) {
      const out: string[] = []
      emit(root, random, mode, out)
      return out.join('')
    },
  }
}

function startsWithAnchor(node: PatternNode): boolean {
  if (node.kind === 'anchor') return true
  if (node.kind === 'seq') return node.items[0] !== undefined && startsWithAnchor(node.items[0])
  if (node.kind === 'alt') return node.options.every(startsWithAnchor)
  return false
}

function endsWithAnchor(node: PatternNode): boolean {
  if (node.kind === 'anchor') return true
  if (node.kind === 'seq') {
    const last = node.items.at(-1)
    return last !== undefined && endsWithAnchor(last)
  }
  if (node.kind === 'alt') return node.options.every(endsWithAnchor)
  return false
}

function emit(node: PatternNode, random: Random, mode: RepeatMode, out: string[]): void {
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

class Parser {
  private position = 0
  private readonly source: string
  private readonly chars: string[]

  constructor(source: string) {
    this.source = source
    this.chars = Array.from(source)
  }

  parseAll(): PatternNode {
    const node = this.parseAlternation()
    if (this.position < this.chars.length) this.unsupported(`unexpected '${this.chars[this.position]}'`)
    return node
  }

  private unsupported(detail: string): never {
    throw new UngeneratableError(
      `String pattern '${this.source}' is outside the explorer's supported synthesis subset (${detail}).`,
    )
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.position + offset]
  }

  private parseAlternation(): PatternNode {
    const options = [this.parseSequence()]
    while (this.peek() === '|') {
      this.position++
      options.push(this.parseSequence())
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options }
  }

  private parseSequence(): PatternNode {
    const items: PatternNode[] = []
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      const atom = this.parseAtom()
      items.push(this.parseQuantifier(atom))
    }
    return { kind: 'seq', items }
  }

  private parseAtom(): PatternNode {
    const c = this.chars[this.position++]!
    switch (c) {
      case '(':
        return this.parseGroup()
      case '[':
        return this.parseClass()
      case '.':
        return { kind: 'set', chars: DOT }
      case '^':
      case '$':
        return { kind: 'anchor' }
      case '\\':
        return { kind: 'set', chars: this.parseEscape(false) }
      case '*':
      case '+':
      case '?':
        return this.unsupported(`nothing to repeat before '${c}'`)
      default:
        return { kind: 'set', chars: [c] }
    }
  }

  private parseGroup(): PatternNode {
    if (this.peek() === '?') {
      const next = this.peek(1)
      if (next === ':') {
        this.position += 2
      } else if (next === '<' && this.peek(2) !== '=' && this.peek(2) !== '!') {
        const close = this.chars.indexOf('>', this.position)
        if (close < 0) this.unsupported('unterminated group name')
        this.position = close + 1
      } else {
        this.unsupported('lookaround assertions')
      }
    }
    const inner = this.parseAlternation()
    if (this.chars[this.position++] !== ')') this.unsupported('unterminated group')
    return inner
  }

  private parseQuantifier(atom: PatternNode): PatternNode {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*') [min, max] = [0, Number.POSITIVE_INFINITY]
    else if (c === '+') [min, max] = [1, Number.POSITIVE_INFINITY]
    else if (c === '?') [min, max] = [0, 1]
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.chars.slice(this.position).join(''))
      if (match === null) return atom
      min = Number(match[1])
      max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3])
      this.position += match[0].length - 1
    } else {
      return atom
    }
    this.position++
    if (this.peek() === '?') this.position++
    if (atom.kind === 'anchor') this.unsupported('a quantified anchor')
    return { kind: 'repeat', node: atom, min, max }
  }

  private parseClass(): PatternNode {
    const negated = this.peek() === '^'
    if (negated) this.position++
    const members = new Set<string>()
    for (;;) {
      const c = this.chars[this.position++]
      if (c === undefined) this.unsupported('unterminated character class')
      if (c === ']') break
      let start: readonly string[]
      if (c === '\\') start = this.parseEscape(true)
      else start = [c]
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined && start.length === 1) {
        this.position++
        const endChar = this.chars[this.position++]!
        const end = endChar === '\\' ? this.parseEscape(true) : [endChar]
        if (end.length !== 1) this.unsupported('a class range ending in a class escape')
        const from = start[0]!.codePointAt(0)!
        const to = end[0]!.codePointAt(0)!
        if (to < from) this.unsupported('an out-of-order class range')
        for (let code = from; code <= to && members.size < MAX_CLASS_SIZE; code++)
          members.add(String.fromCodePoint(code))
      } else {
        for (const member of start) members.add(member)
      }
    }
    const chars = negated ? PRINTABLE.filter((c) => !members.has(c)) : [...members]
    if (chars.length === 0) this.unsupported('an empty character class')
    return { kind: 'set', chars: preferReadable(chars) }
  }

  /** Parses the escape after a backslash; returns the characters it stands for. */
  private parseEscape(inClass: boolean): readonly string[] {
    const c = this.chars[this.position++]
    switch (c) {
      case undefined:
        return this.unsupported('a trailing backslash')
      case 'd':
        return DIGITS
      case 'D':
        return PRINTABLE.filter((ch) => !DIGITS.includes(ch))
      case 'w':
        return WORD
      case 'W':
        return PRINTABLE.filter((ch) => !WORD.includes(ch))
      case 's':
        return SPACE
      case 'S':
        return PRINTABLE.filter((ch) => ch !== ' ')
      case 't':
        return ['\t']
      case 'n':
        return ['\n']
      case 'r':
        return ['\r']
      case 'f':
        return ['\f']
      case 'v':
        return ['\v']
      case '0':
        return ['\0']
      case 'b':
        return inClass ? ['\b'] : this.unsupported('word boundaries (\\b)')
      case 'B':
        return this.unsupported('word boundaries (\\B)')
      case 'p':
      case 'P':
        return this.unsupported('Unicode property escapes')
      case 'k':
        return this.unsupported('named backreferences')
      case 'c':
        return this.unsupported('control escapes')
      case 'x': {
        const hex = this.chars.slice(this.position, this.position + 2).join('')
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) this.unsupported('a malformed \\x escape')
        this.position += 2
        return [String.fromCharCode(Number.parseInt(hex, 16))]
      }
      case 'u': {
        const rest = this.chars.slice(this.position).join('')
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(rest)
        const plain = /^[0-9a-fA-F]{4}/.exec(rest)
        const match = braced ?? plain
        if (match === null) return this.unsupported('a malformed \\u escape')
        this.position += match[0].length
        return [String.fromCodePoint(Number.parseInt(braced?.[1] ?? match[0], 16))]
      }
      default:
        if (c >= '1' && c <= '9') return this.unsupported('backreferences')
        return [c]
    }
  }
}

/** Keeps generated values printable and shell-friendly when a class allows that. */
function preferReadable(chars: readonly string[]): readonly string[] {
  const readable = chars.filter((c) => /[A-Za-z0-9_\-.]/.test(c))
  return readable.length > 0 ? readable : chars
}
