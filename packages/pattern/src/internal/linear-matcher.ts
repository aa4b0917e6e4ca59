import type { AssertionKind, PatternNode } from '../parse-pattern.js'

// A Thompson NFA run in lock step (a Pike VM without captures), so `test()` costs O(input × pattern)
// whatever the pattern: `^(a+)+$` on a megabyte of `a`s answers in milliseconds where a backtracking
// engine never returns. Single-character classes and escapes are decided by the native engine on one
// character, so their syntax and Unicode semantics are exactly JavaScript's.

type CharTest = (codePoint: number) => boolean

const Op = { Char: 0, Split: 1, Jump: 2, Assert: 3, Match: 4 } as const
type Op = (typeof Op)[keyof typeof Op]

interface Instruction {
  op: Op
  test?: CharTest
  x?: number
  y?: number
  kind?: AssertionKind
}

// The most instructions a counted quantifier may expand to before the matcher gives up on a pattern.
const MAX_PROGRAM = 20_000

export interface LinearMatcher {
  test(input: string): boolean
}

// Compiles `ast` (parsed with the `u` flag when `unicode`); undefined when it holds a backreference or a
// lookaround, or expands past `MAX_PROGRAM` instructions.
export function compileLinearMatcher(
  ast: PatternNode,
  unicode: boolean,
  anchored: boolean,
): LinearMatcher | undefined {
  const program = compileProgram(ast, unicode)
  return program === undefined ? undefined : createMatcher(program, unicode, anchored)
}

// A one-character test: a literal compares code points, `.` excludes the line terminators (no pattern
// here runs with the `s` flag), anything else is decided by the native engine (ASCII answers precomputed).
function charTest(node: Extract<PatternNode, { type: 'char' }>, unicode: boolean): CharTest {
  if (node.set.kind === 'literal') {
    const { codePoint } = node.set
    return (cp) => cp === codePoint
  }
  if (node.set.kind === 'dot') return (cp) => cp !== 10 && cp !== 13 && cp !== 0x2028 && cp !== 0x2029
  const regexp = new RegExp(`^(?:${node.source})$`, unicode ? 'u' : '')
  const ascii = new Uint8Array(128)
  for (let cp = 0; cp < 128; cp++) ascii[cp] = regexp.test(String.fromCharCode(cp)) ? 1 : 0
  return (cp) => (cp < 128 ? ascii[cp] === 1 : regexp.test(String.fromCodePoint(cp)))
}

function compileProgram(ast: PatternNode, unicode: boolean): Instruction[] | undefined {
  const program: Instruction[] = []
  // A counted quantifier emits its body many times: each atom's test is built once.
  const tests = new Map<PatternNode, CharTest>()
  const emit = (node: PatternNode): boolean => {
    if (program.length > MAX_PROGRAM) return false
    switch (node.type) {
      case 'char': {
        let test = tests.get(node)
        if (test === undefined) {
          test = charTest(node, unicode)
          tests.set(node, test)
        }
        program.push({ op: Op.Char, test })
        return true
      }
      case 'assertion':
        program.push({ op: Op.Assert, kind: node.kind })
        return true
      case 'sequence':
        return node.items.every(emit)
      case 'alternation': {
        const jumps: Instruction[] = []
        for (let i = 0; i < node.items.length; i++) {
          const last = i === node.items.length - 1
          const split: Instruction = { op: Op.Split, x: program.length + 1 }
          if (!last) program.push(split)
          if (!emit(node.items[i] as PatternNode)) return false
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
      case 'repeat': {
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
        // Backreferences and lookarounds need a backtracking engine.
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
        // Unanchored, a later start may still match where no thread is left.
        if (at >= n || (currentCount === 0 && anchored)) return false
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
