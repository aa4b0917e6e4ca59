// A linear-time matcher for the subset of JavaScript regular expressions OpenAPI patterns use:
// literals, classes, escapes, groups, alternation, greedy/lazy quantifiers and `^ $ \b \B`. It runs
// a Thompson NFA in lock step (a Pike VM without captures), so `test()` costs O(input × pattern)
// whatever the pattern: `^(a+)+$` on a megabyte of `a`s answers in milliseconds where a backtracking
// engine never returns. Single-character classes are decided by the native engine on one character,
// so class syntax and Unicode semantics are exactly JavaScript's.

type CharTest = (codePoint: number) => boolean

type Node =
  | { readonly t: 'char'; readonly test: CharTest }
  | { readonly t: 'seq'; readonly items: readonly Node[] }
  | { readonly t: 'alt'; readonly items: readonly Node[] }
  | { readonly t: 'rep'; readonly node: Node; readonly min: number; readonly max: number }
  | { readonly t: 'assert'; readonly kind: 'start' | 'end' | 'word' | 'not-word' }
  // Backreferences and lookarounds: parsed so the pattern can be analysed, never matched here.
  | { readonly t: 'unsupported'; readonly node: Node | undefined }

const Op = { Char: 0, Split: 1, Jump: 2, Assert: 3, Match: 4 } as const
type Op = (typeof Op)[keyof typeof Op]

interface Instruction {
  op: Op
  test?: CharTest
  x?: number
  y?: number
  kind?: 'start' | 'end' | 'word' | 'not-word'
}

// The most instructions a counted quantifier may expand to before the matcher gives up on a pattern.
const MAX_PROGRAM = 20_000

export interface PatternAnalysis {
  // The pattern uses a construct only a backtracking engine can evaluate (backreference, lookaround).
  readonly unsupported: boolean
  // The longest input the native (backtracking) engine may be given: on any longer input its worst-case
  // work, bounded from the pattern's structure by `backtrackingBound`, could pass `NATIVE_STEP_BUDGET`.
  // -1 when no input is safe (a quantified part can match one text in several ways: `(a+)+`, `(a|ab)*`).
  readonly nativeInputLimit: number
  // The compiled matcher, when the pattern is within the supported subset.
  readonly matcher: LinearMatcher | undefined
}

export interface LinearMatcher {
  test(input: string): boolean
}

// The most steps (as counted by `backtrackingBound`) the native engine may be handed for one test:
// tens of milliseconds at worst.
export const NATIVE_STEP_BUDGET = 10_000_000

// Parses and analyses `pattern` (already known to compile natively with `flags`).
export function analyzePattern(pattern: string, flags: string): PatternAnalysis {
  const unicode = flags.includes('u')
  let ast: Node
  try {
    ast = new Parser(pattern, unicode).parse()
  } catch {
    return { unsupported: true, nativeInputLimit: -1, matcher: undefined }
  }
  const unsupported = containsUnsupported(ast)
  const nativeInputLimit = largestSafeLength(ast, pattern.length)
  if (unsupported) return { unsupported, nativeInputLimit, matcher: undefined }
  const program = compileProgram(ast)
  return {
    unsupported,
    nativeInputLimit,
    matcher: program === undefined ? undefined : createMatcher(program, unicode, startsAnchored(ast)),
  }
}

class Parser {
  private index = 0
  private readonly source: string
  private readonly unicode: boolean
  constructor(source: string, unicode: boolean) {
    this.source = source
    this.unicode = unicode
  }

  parse(): Node {
    const node = this.alternation()
    if (this.index < this.source.length) throw new SyntaxError(`unexpected ')' at ${this.index}`)
    return node
  }

  private alternation(): Node {
    const items = [this.sequence()]
    while (this.peek() === '|') {
      this.index++
      items.push(this.sequence())
    }
    return items.length === 1 ? (items[0] as Node) : { t: 'alt', items }
  }

  private sequence(): Node {
    const items: Node[] = []
    while (this.index < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom()
      items.push(this.quantified(atom))
    }
    return items.length === 1 ? (items[0] as Node) : { t: 'seq', items }
  }

  private quantified(atom: Node): Node {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*') [min, max] = [0, Number.POSITIVE_INFINITY]
    else if (c === '+') [min, max] = [1, Number.POSITIVE_INFINITY]
    else if (c === '?') [min, max] = [0, 1]
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index))
      if (match === null) return atom
      min = Number(match[1])
      max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3])
      this.index += match[0].length - 1
    } else return atom
    this.index++
    if (this.peek() === '?') this.index++ // lazy: the same language, and test() needs no captures
    return this.quantified({ t: 'rep', node: atom, min, max })
  }

  private atom(): Node {
    const c = this.source[this.index] as string
    if (c === '(') return this.group()
    if (c === '[') return this.charClass()
    if (c === '\\') return this.escape()
    this.index++
    if (c === '^') return { t: 'assert', kind: 'start' }
    if (c === '$') return { t: 'assert', kind: 'end' }
    if (c === '.')
      return { t: 'char', test: (cp) => cp !== 10 && cp !== 13 && cp !== 0x2028 && cp !== 0x2029 }
    const cp = this.unicode ? (this.source.codePointAt(this.index - 1) as number) : c.charCodeAt(0)
    if (cp > 0xffff) this.index++
    return { t: 'char', test: (x) => x === cp }
  }

  private group(): Node {
    this.index++ // (
    let unsupported = false
    if (this.source.startsWith('?:', this.index)) this.index += 2
    else if (this.source.startsWith('?=', this.index) || this.source.startsWith('?!', this.index)) {
      this.index += 2
      unsupported = true
    } else if (this.source.startsWith('?<=', this.index) || this.source.startsWith('?<!', this.index)) {
      this.index += 3
      unsupported = true
    } else if (this.source.startsWith('?<', this.index)) {
      const end = this.source.indexOf('>', this.index)
      this.index = end + 1
    }
    const inner = this.alternation()
    if (this.peek() !== ')') throw new SyntaxError('unterminated group')
    this.index++
    return unsupported ? { t: 'unsupported', node: inner } : inner
  }

  private charClass(): Node {
    const start = this.index
    this.index++ // [
    if (this.peek() === '^') this.index++
    if (this.peek() === ']' && !this.unicode) this.index++
    while (this.index < this.source.length && this.peek() !== ']') {
      this.index += this.peek() === '\\' ? 2 : 1
    }
    this.index++ // ]
    return { t: 'char', test: nativeCharTest(this.source.slice(start, this.index), this.unicode) }
  }

  private escape(): Node {
    const start = this.index
    this.index++ // backslash
    const c = this.source[this.index] ?? ''
    this.index++
    if (c === 'b') return { t: 'assert', kind: 'word' }
    if (c === 'B') return { t: 'assert', kind: 'not-word' }
    if (/[1-9]/.test(c)) {
      while (/\d/.test(this.peek())) this.index++
      return { t: 'unsupported', node: undefined }
    }
    if (c === 'k' && this.peek() === '<') {
      this.index = this.source.indexOf('>', this.index) + 1
      return { t: 'unsupported', node: undefined }
    }
    if ((c === 'p' || c === 'P') && this.unicode && this.peek() === '{')
      this.index = this.source.indexOf('}', this.index) + 1
    else if (c === 'u' && this.unicode && this.peek() === '{')
      this.index = this.source.indexOf('}', this.index) + 1
    else if (c === 'u' && /^[0-9a-fA-F]{4}/.test(this.source.slice(this.index))) this.index += 4
    else if (c === 'x' && /^[0-9a-fA-F]{2}/.test(this.source.slice(this.index))) this.index += 2
    else if (c === 'c' && /[A-Za-z]/.test(this.peek())) this.index++
    return { t: 'char', test: nativeCharTest(this.source.slice(start, this.index), this.unicode) }
  }

  private peek(): string {
    return this.source[this.index] ?? ''
  }
}

// A one-character test decided by the native engine; ASCII answers are precomputed.
function nativeCharTest(atom: string, unicode: boolean): CharTest {
  const regexp = new RegExp(`^(?:${atom})$`, unicode ? 'u' : '')
  const ascii = new Uint8Array(128)
  for (let cp = 0; cp < 128; cp++) ascii[cp] = regexp.test(String.fromCharCode(cp)) ? 1 : 0
  return (cp) => (cp < 128 ? ascii[cp] === 1 : regexp.test(String.fromCodePoint(cp)))
}

function containsUnsupported(node: Node): boolean {
  switch (node.t) {
    case 'unsupported':
      return true
    case 'seq':
    case 'alt':
      return node.items.some(containsUnsupported)
    case 'rep':
      return containsUnsupported(node.node)
    default:
      return false
  }
}

// An upper bound on the steps a backtracking engine takes to test `ast` on an input of `n` characters.
// A backtracking matcher explores a tree whose leaves are the ways the pattern can be laid over the input:
// a quantifier with a deterministic body chooses one of at most `min(max, n) - min + 1` counts, an
// alternation one of its branches, and a sequence combines its parts' choices. A quantified part that
// can itself match in more than one way (`(a+)+`, `(a|ab)*`, `(a?b?)*`) has exponentially many
// leaves. Each leaf costs at most one visit of every choice point (each greedy loop gives back
// one iteration per step) and the pattern's atoms; an unanchored pattern is retried at every start
// position, and a backreference compares up to `n` characters.
function backtrackingBound(ast: Node, n: number, patternLength: number): number {
  const { ways, choicePoints, backreferences } = waysToMatch(ast, n)
  const starts = startsAnchored(ast) ? 1 : n + 1
  return starts * ways * (choicePoints + 1) * (patternLength + 1) * (backreferences ? n + 1 : 1)
}

interface Ways {
  readonly ways: number
  readonly choicePoints: number
  readonly backreferences: boolean
}

function waysToMatch(node: Node, n: number): Ways {
  switch (node.t) {
    case 'char':
    case 'assert':
      return { ways: 1, choicePoints: 0, backreferences: false }
    case 'unsupported':
      return node.node === undefined
        ? { ways: 1, choicePoints: 0, backreferences: true }
        : waysToMatch(node.node, n)
    case 'seq':
    case 'alt': {
      let ways = node.t === 'seq' ? 1 : 0
      let choicePoints = node.t === 'alt' ? 1 : 0
      let backreferences = false
      for (const item of node.items) {
        const inner = waysToMatch(item, n)
        ways = node.t === 'seq' ? ways * inner.ways : ways + inner.ways
        choicePoints += inner.choicePoints
        backreferences ||= inner.backreferences
      }
      return { ways, choicePoints, backreferences }
    }
    case 'rep': {
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

// The longest input on which `backtrackingBound` stays within `NATIVE_STEP_BUDGET` (it grows with n).
function largestSafeLength(ast: Node, patternLength: number): number {
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

function startsAnchored(node: Node): boolean {
  if (node.t === 'assert') return node.kind === 'start'
  if (node.t === 'seq') return node.items[0] !== undefined && startsAnchored(node.items[0])
  if (node.t === 'alt') return node.items.every(startsAnchored)
  return false
}

function compileProgram(ast: Node): Instruction[] | undefined {
  const program: Instruction[] = []
  const emit = (node: Node): boolean => {
    if (program.length > MAX_PROGRAM) return false
    switch (node.t) {
      case 'char':
        program.push({ op: Op.Char, test: node.test })
        return true
      case 'assert':
        program.push({ op: Op.Assert, kind: node.kind })
        return true
      case 'seq':
        return node.items.every(emit)
      case 'alt': {
        const jumps: Instruction[] = []
        for (let i = 0; i < node.items.length; i++) {
          const last = i === node.items.length - 1
          const split: Instruction = { op: Op.Split, x: program.length + 1 }
          if (!last) program.push(split)
          if (!emit(node.items[i] as Node)) return false
          if (!last) {
            const jump: Instruction = { op: Op.Jump }
            jumps.push(jump)
            program.push(jump)
            split.y = program.length
          }
        }
        for (const jump of jumps) jump.x = program.length
        return true
      }
      case 'rep': {
        for (let i = 0; i < node.min; i++) if (!emit(node.node)) return false
        if (node.max === Number.POSITIVE_INFINITY) {
          const split: Instruction = { op: Op.Split, x: program.length + 1 }
          const loop = program.length
          program.push(split)
          if (!emit(node.node)) return false
          program.push({ op: Op.Jump, x: loop })
          split.y = program.length
          return true
        }
        const splits: Instruction[] = []
        for (let i = node.min; i < node.max; i++) {
          const split: Instruction = { op: Op.Split, x: program.length + 1 }
          splits.push(split)
          program.push(split)
          if (!emit(node.node)) return false
        }
        for (const split of splits) split.y = program.length
        return true
      }
      default:
        return false
    }
  }
  if (!emit(ast)) return undefined
  program.push({ op: Op.Match })
  return program.length > MAX_PROGRAM ? undefined : program
}

function isWordChar(cp: number): boolean {
  return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 95
}

function createMatcher(program: readonly Instruction[], unicode: boolean, anchored: boolean): LinearMatcher {
  const size = program.length
  return {
    test(input: string): boolean {
      const marks = new Int32Array(size).fill(-1)
      let current = new Int32Array(size)
      let next = new Int32Array(size)
      let currentCount = 0
      const stack: number[] = []
      let generation = 0
      const n = input.length

      // Follows jumps, splits and assertions from `pc` at string index `at`; returns true on a match.
      const add = (list: Int32Array, count: number, pc: number, at: number): [number, boolean] => {
        stack.push(pc)
        let matched = false
        while (stack.length > 0) {
          const p = stack.pop() as number
          if (marks[p] === generation) continue
          marks[p] = generation
          const instruction = program[p] as Instruction
          switch (instruction.op) {
            case Op.Jump:
              stack.push(instruction.x as number)
              break
            case Op.Split:
              stack.push(instruction.y as number, instruction.x as number)
              break
            case Op.Assert: {
              const prev = at > 0 ? input.charCodeAt(at - 1) : -1
              const following = at < n ? input.charCodeAt(at) : -1
              const ok =
                instruction.kind === 'start'
                  ? at === 0
                  : instruction.kind === 'end'
                    ? at === n
                    : (isWordChar(prev) !== isWordChar(following)) === (instruction.kind === 'word')
              if (ok) stack.push(p + 1)
              break
            }
            case Op.Match:
              matched = true
              break
            default:
              list[count++] = p
          }
        }
        return [count, matched]
      }

      let at = 0
      for (;;) {
        if (at === 0 || !anchored) {
          const [count, matched] = add(current, currentCount, 0, at)
          currentCount = count
          if (matched) return true
        }
        if (at >= n || currentCount === 0) return false
        const cp = unicode ? (input.codePointAt(at) as number) : input.charCodeAt(at)
        const width = cp > 0xffff ? 2 : 1
        generation++
        let nextCount = 0
        for (let i = 0; i < currentCount; i++) {
          const pc = current[i] as number
          if ((program[pc] as Instruction).test?.(cp) === true) {
            const [count, matched] = add(next, nextCount, pc + 1, at + width)
            nextCount = count
            if (matched) return true
          }
        }
        at += width
        ;[current, next] = [next, current]
        currentCount = nextCount
      }
    },
  }
}
