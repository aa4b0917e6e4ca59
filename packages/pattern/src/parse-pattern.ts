// One parser of the ECMA-262 regular-expression syntax that OpenAPI `pattern`s are written in, with and
// without the `u` flag (Annex B's readings where the flag is absent). Its tree serves both the linear-time
// matcher and string synthesis: every atom that matches one character keeps its source text (so a
// matcher can let the native engine decide it, with exactly JavaScript's semantics) and a description of
// the characters it stands for (so a generator can pick one).
//
// The pattern is expected to be valid for the native engine with the same flag; the parser still throws
// `SyntaxError` on what it cannot read, such as group syntax it does not know (`(?i:…)`).
//
// @see https://tc39.es/ecma262/#sec-patterns
// @see https://tc39.es/ecma262/#sec-regular-expressions-patterns (Annex B.1.2)

/** A character escape: one character (`a`, `\x41`, `\n`), a class escape (`\d`) or a property escape (`\p{L}`). */
export type EscapeSet =
  | { readonly kind: 'literal'; readonly codePoint: number }
  | { readonly kind: 'escape'; readonly letter: EscapeLetter }
  | { readonly kind: 'property' }

/** What one single-character atom stands for. */
export type CharSet =
  | EscapeSet
  | { readonly kind: 'dot' }
  | { readonly kind: 'class'; readonly negated: boolean; readonly members: readonly ClassMember[] }

/** One member of a character class. */
export type ClassMember = EscapeSet | { readonly kind: 'range'; readonly from: number; readonly to: number }

export type EscapeLetter = 'd' | 'D' | 'w' | 'W' | 's' | 'S'

export type AssertionKind = 'start' | 'end' | 'word' | 'not-word'

export type PatternNode =
  | { readonly type: 'char'; readonly source: string; readonly set: CharSet }
  | { readonly type: 'sequence'; readonly items: readonly PatternNode[] }
  | { readonly type: 'alternation'; readonly items: readonly PatternNode[] }
  // Lazy and greedy quantifiers match the same strings: `lazy` matters to no consumer, so it is not kept.
  | { readonly type: 'repeat'; readonly node: PatternNode; readonly min: number; readonly max: number }
  | { readonly type: 'assertion'; readonly kind: AssertionKind }
  | { readonly type: 'lookaround'; readonly node: PatternNode }
  | { readonly type: 'backreference'; readonly named: boolean }

const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S'])
const SINGLE_ESCAPES: Readonly<Record<string, number>> = { t: 9, n: 10, v: 11, f: 12, r: 13 }

/**
 * Parses `source` read with the `u` flag (`unicode`) or without it.
 *
 * @example
 * parsePattern('^a+$', true) // { type: 'sequence', items: [assertion start, repeat of 'a', assertion end] }
 */
export function parsePattern(source: string, unicode: boolean): PatternNode {
  return new Parser(source, unicode).parse()
}

/** True when every way through `node` starts with `^`. */
export function startsAnchored(node: PatternNode): boolean {
  if (node.type === 'assertion') return node.kind === 'start'
  if (node.type === 'sequence') return node.items[0] !== undefined && startsAnchored(node.items[0])
  if (node.type === 'alternation') return node.items.every(startsAnchored)
  return false
}

/** True when every way through `node` ends with `$`. */
export function endsAnchored(node: PatternNode): boolean {
  if (node.type === 'assertion') return node.kind === 'end'
  if (node.type === 'sequence') {
    const last = node.items.at(-1)
    return last !== undefined && endsAnchored(last)
  }
  if (node.type === 'alternation') return node.items.every(endsAnchored)
  return false
}

class Parser {
  private index = 0
  private readonly source: string
  private readonly unicode: boolean

  constructor(source: string, unicode: boolean) {
    this.source = source
    this.unicode = unicode
  }

  parse(): PatternNode {
    const node = this.alternation()
    if (this.index < this.source.length) this.fail(`unexpected '${this.peek()}'`)
    return node
  }

  private fail(detail: string): never {
    throw new SyntaxError(`${detail} at ${this.index}`)
  }

  private peek(offset = 0): string {
    return this.source[this.index + offset] ?? ''
  }

  private alternation(): PatternNode {
    const items = [this.sequence()]
    while (this.peek() === '|') {
      this.index++
      items.push(this.sequence())
    }
    return items.length === 1 ? (items[0] as PatternNode) : { type: 'alternation', items }
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = []
    while (this.index < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()))
    }
    return items.length === 1 ? (items[0] as PatternNode) : { type: 'sequence', items }
  }

  // The `{n}`, `{n,}` or `{n,m}` at the cursor, when there is one.
  private braces(): { min: number; max: number; length: number } | undefined {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index, this.index + 40))
    if (match === null) return undefined
    const min = Number(match[1])
    const max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3])
    if (max < min) this.fail('numbers out of order in a quantifier')
    return { min, max, length: match[0].length }
  }

  private quantified(atom: PatternNode): PatternNode {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*') [min, max] = [0, Number.POSITIVE_INFINITY]
    else if (c === '+') [min, max] = [1, Number.POSITIVE_INFINITY]
    else if (c === '?') [min, max] = [0, 1]
    else if (c === '{') {
      const braces = this.braces()
      if (braces === undefined) return atom
      ;({ min, max } = braces)
      this.index += braces.length - 1
    } else return atom
    this.index++
    if (this.peek() === '?') this.index++
    return { type: 'repeat', node: atom, min, max }
  }

  private atom(): PatternNode {
    const start = this.index
    const c = this.peek()
    switch (c) {
      case '(':
        return this.group()
      case '[':
        return this.charClass()
      case '\\':
        return this.escape()
      case '^':
        this.index++
        return { type: 'assertion', kind: 'start' }
      case '$':
        this.index++
        return { type: 'assertion', kind: 'end' }
      case '.':
        this.index++
        return { type: 'char', source: '.', set: { kind: 'dot' } }
      case '*':
      case '+':
      case '?':
        return this.fail(`nothing to repeat before '${c}'`)
      default: {
        if (c === '{' && this.braces() !== undefined) this.fail("nothing to repeat before '{'")
        const codePoint = this.readCodePoint()
        return {
          type: 'char',
          source: this.source.slice(start, this.index),
          set: { kind: 'literal', codePoint },
        }
      }
    }
  }

  // One source character: a code point with the `u` flag, a UTF-16 code unit without it.
  private readCodePoint(): number {
    const codePoint = this.unicode
      ? (this.source.codePointAt(this.index) as number)
      : this.source.charCodeAt(this.index)
    this.index += codePoint > 0xffff ? 2 : 1
    return codePoint
  }

  private group(): PatternNode {
    this.index++ // (
    let lookaround = false
    if (this.peek() === '?') {
      const marker = this.source.slice(this.index, this.index + 3)
      if (marker.startsWith('?:')) this.index += 2
      else if (marker.startsWith('?=') || marker.startsWith('?!')) {
        this.index += 2
        lookaround = true
      } else if (marker === '?<=' || marker === '?<!') {
        this.index += 3
        lookaround = true
      } else if (marker.startsWith('?<')) {
        const close = this.source.indexOf('>', this.index)
        if (close < 0) this.fail('unterminated group name')
        this.index = close + 1
      } else this.fail('unknown group syntax')
    }
    const inner = this.alternation()
    if (this.peek() !== ')') this.fail('unterminated group')
    this.index++
    return lookaround ? { type: 'lookaround', node: inner } : inner
  }

  private charClass(): PatternNode {
    const start = this.index
    this.index++ // [
    const negated = this.peek() === '^'
    if (negated) this.index++
    const members: ClassMember[] = []
    // A class ends at its first unescaped `]`, even right after `[` (`[]` matches nothing).
    while (this.peek() !== ']') {
      if (this.index >= this.source.length) this.fail('unterminated character class')
      const first = this.classAtom()
      if (this.peek() !== '-' || this.peek(1) === ']' || this.peek(1) === '') {
        members.push(first)
        continue
      }
      this.index++ // -
      const last = this.classAtom()
      if (first.kind === 'literal' && last.kind === 'literal') {
        if (last.codePoint < first.codePoint) this.fail('range out of order in a character class')
        members.push({ kind: 'range', from: first.codePoint, to: last.codePoint })
      } else {
        // Annex B: a class escape at either end makes the `-` a literal.
        if (this.unicode) this.fail('a class escape in a range')
        members.push(first, { kind: 'literal', codePoint: 0x2d }, last)
      }
    }
    this.index++ // ]
    return {
      type: 'char',
      source: this.source.slice(start, this.index),
      set: { kind: 'class', negated, members },
    }
  }

  private classAtom(): ClassMember {
    if (this.peek() !== '\\') return { kind: 'literal', codePoint: this.readCodePoint() }
    this.index++ // backslash
    const c = this.peek()
    if (c === 'b') {
      this.index++
      return { kind: 'literal', codePoint: 8 }
    }
    if (c === '-' && this.unicode) {
      this.index++
      return { kind: 'literal', codePoint: 0x2d }
    }
    if (!this.unicode && /[0-7]/.test(c)) return { kind: 'literal', codePoint: this.legacyOctal() }
    if (!this.unicode && c === 'c' && /[0-9_]/.test(this.peek(1))) {
      this.index += 2
      return { kind: 'literal', codePoint: (this.source.charCodeAt(this.index - 1) as number) % 32 }
    }
    return this.characterEscape(true)
  }

  private escape(): PatternNode {
    const start = this.index
    this.index++ // backslash
    const c = this.peek()
    if (c === 'b' || c === 'B') {
      this.index++
      return { type: 'assertion', kind: c === 'b' ? 'word' : 'not-word' }
    }
    if (/[1-9]/.test(c)) {
      while (/\d/.test(this.peek())) this.index++
      return { type: 'backreference', named: false }
    }
    if (c === 'k' && this.peek(1) === '<') {
      const close = this.source.indexOf('>', this.index)
      if (close < 0) this.fail('unterminated group name')
      this.index = close + 1
      return { type: 'backreference', named: true }
    }
    if (!this.unicode && c === '0' && /[0-7]/.test(this.peek(1))) {
      const codePoint = this.legacyOctal()
      return {
        type: 'char',
        source: this.source.slice(start, this.index),
        set: { kind: 'literal', codePoint },
      }
    }
    const set = this.characterEscape(false)
    return { type: 'char', source: this.source.slice(start, this.index), set }
  }

  // Annex B: up to three octal digits, at most 0o377.
  private legacyOctal(): number {
    let value = 0
    let digits = 0
    while (digits < 3 && /[0-7]/.test(this.peek()) && value * 8 + Number(this.peek()) <= 0o377) {
      value = value * 8 + Number(this.peek())
      this.index++
      digits++
    }
    return value
  }

  // The escape after a backslash that stands for characters (the cursor is on the letter).
  private characterEscape(inClass: boolean): EscapeSet {
    const c = this.peek()
    if (c === '') this.fail('a trailing backslash')
    if (CLASS_ESCAPES.has(c)) {
      this.index++
      return { kind: 'escape', letter: c as EscapeLetter }
    }
    if ((c === 'p' || c === 'P') && this.unicode) {
      const close = this.source.indexOf('}', this.index)
      if (this.peek(1) !== '{' || close < 0) this.fail('a malformed property escape')
      this.index = close + 1
      return { kind: 'property' }
    }
    const single = SINGLE_ESCAPES[c]
    if (single !== undefined) {
      this.index++
      return { kind: 'literal', codePoint: single }
    }
    // Legacy octal escapes are read before this, and `\0` before a digit is invalid with the `u` flag.
    if (c === '0') {
      this.index++
      return { kind: 'literal', codePoint: 0 }
    }
    if (c === 'c' && /[A-Za-z]/.test(this.peek(1))) {
      this.index += 2
      return { kind: 'literal', codePoint: (this.source.charCodeAt(this.index - 1) as number) % 32 }
    }
    if (c === 'x' && /^[0-9a-fA-F]{2}$/.test(this.source.slice(this.index + 1, this.index + 3))) {
      this.index += 3
      return {
        kind: 'literal',
        codePoint: Number.parseInt(this.source.slice(this.index - 2, this.index), 16),
      }
    }
    if (c === 'u') {
      const codePoint = this.unicodeEscape()
      if (codePoint !== undefined) return { kind: 'literal', codePoint }
    }
    if (c === 'c' && !inClass && !this.unicode) {
      // Annex B: `\c` without a control letter is a backslash; the `c` is read next.
      return { kind: 'literal', codePoint: 0x5c }
    }
    return { kind: 'literal', codePoint: this.readCodePoint() }
  }

  // `\uHHHH`, a `\uHHHH\uHHHH` surrogate pair or `\u{H…}` with the `u` flag; the cursor is on the `u`.
  private unicodeEscape(): number | undefined {
    const rest = this.source.slice(this.index + 1, this.index + 12)
    const braced = this.unicode ? /^\{([0-9a-fA-F]{1,6})\}/.exec(rest) : null
    if (braced !== null) {
      this.index += 1 + braced[0].length
      return Number.parseInt(braced[1] as string, 16)
    }
    const plain = /^([0-9a-fA-F]{4})(?:\\u([0-9a-fA-F]{4}))?/.exec(rest)
    if (plain === null) return undefined
    const high = Number.parseInt(plain[1] as string, 16)
    const low = plain[2] === undefined ? undefined : Number.parseInt(plain[2], 16)
    if (
      this.unicode &&
      low !== undefined &&
      high >= 0xd800 &&
      high <= 0xdbff &&
      low >= 0xdc00 &&
      low <= 0xdfff
    ) {
      this.index += 11
      return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000
    }
    this.index += 5
    return high
  }
}
