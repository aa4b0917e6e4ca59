import { describe, expect, it } from 'vitest'
import { endsAnchored, parsePattern, startsAnchored } from './parse-pattern.js'
import { analyzePattern } from './plan-pattern.js'

describe('parsePattern', () => {
  it('reads a pattern into one tree: atoms keep their source and the characters they stand for', () => {
    expect(parsePattern('^[a-c\\d]+(?:x|\\u{1F600})?$', true)).toEqual({
      type: 'sequence',
      items: [
        { type: 'assertion', kind: 'start' },
        {
          type: 'repeat',
          min: 1,
          max: Number.POSITIVE_INFINITY,
          node: {
            type: 'char',
            source: '[a-c\\d]',
            set: {
              kind: 'class',
              negated: false,
              members: [
                { kind: 'range', from: 0x61, to: 0x63 },
                { kind: 'escape', letter: 'd' },
              ],
            },
          },
        },
        {
          type: 'repeat',
          min: 0,
          max: 1,
          node: {
            type: 'alternation',
            items: [
              { type: 'char', source: 'x', set: { kind: 'literal', codePoint: 0x78 } },
              { type: 'char', source: '\\u{1F600}', set: { kind: 'literal', codePoint: 0x1f600 } },
            ],
          },
        },
        { type: 'assertion', kind: 'end' },
      ],
    })
  })

  it.each([
    // Without the `u` flag (Annex B): `\p` is a `p`, `\u{3}` is `u` three times, `[\w-.]` holds a literal `-`.
    ['\\p{L}', false, ['p', '{', 'L', '}']],
    ['\\u{3}', false, [{ repeat: [3, 3] }]],
    ['[\\w-.]', false, [{ class: ['escape', 'literal', 'literal'] }]],
    ['\\08', false, [0, 0x38]],
    ['[\\c1]', false, [{ class: ['literal'] }]],
    ['\\k', false, ['k']],
    // With it: a surrogate pair written as two escapes is one character.
    ['\\uD83D\\uDE00', true, [0x1f600]],
    ['\\cJ', true, [10]],
  ])('reads %j (u flag: %s) as JavaScript does', (source, unicode, want) => {
    const tree = parsePattern(source, unicode)
    const items = tree.type === 'sequence' ? tree.items : [tree]
    const summary = items.map((node) => {
      if (node.type === 'repeat') return { repeat: [node.min, node.max] }
      if (node.type === 'char' && node.set.kind === 'class')
        return { class: node.set.members.map((m) => m.kind) }
      if (node.type === 'char' && node.set.kind === 'literal') {
        return typeof want[0] === 'string' ? String.fromCodePoint(node.set.codePoint) : node.set.codePoint
      }
      return node.type
    })
    expect(summary).toEqual(want)
  })

  it.each([
    ['(?=a)b', 'lookaround'],
    ['(?<!a)b', 'lookaround'],
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'backreference'],
  ])('keeps %s as a %s node', (source, type) => {
    const tree = parsePattern(source, true)
    expect(tree.type === 'sequence' && tree.items.map((node) => node.type)).toContain(type)
  })

  it.each(['(?i:a)', 'a)', '[a', '*a', 'a{2,1}', '[z-a]', '\\'])(
    'refuses %j with a SyntaxError',
    (source) => {
      expect(() => parsePattern(source, true)).toThrow(SyntaxError)
    },
  )

  it.each([
    ['^abc$', true, true],
    ['abc$', false, true],
    ['^a|^b', true, false],
    ['abc', false, false],
    ['(?:^a$)', true, true],
  ])('knows whether %s is anchored at the start (%s) and the end (%s)', (source, start, end) => {
    const tree = parsePattern(source, true)
    expect([startsAnchored(tree), endsAnchored(tree)]).toEqual([start, end])
  })
})

// The linear matcher reads patterns through the parser: on every pattern and input here it answers as the
// native engine does, with and without the `u` flag.
const INPUTS = [
  '',
  'a',
  'ab',
  'abc',
  'a-b',
  'a.b',
  'A_1',
  '-',
  'p{L}',
  'uuu',
  ']',
  'a]',
  '\u0000',
  '\u00008',
  '\n',
  '\r',
  '\u2028',
  '\u00a0',
  '\v',
  'é',
  '😀',
  'x😀',
  '\u0011',
  'k',
  '\\c1',
  '\\',
  'c',
]
const PATTERNS: readonly (readonly [string, string])[] = [
  ['^[\\w-.]+$', ''],
  ['^\\p{L}+$', ''],
  ['^\\p{L}+$', 'u'],
  ['^\\u{3}$', ''],
  ['^\\u{75}$', 'u'],
  ['^[]a]$', ''],
  ['^[^]$', 'u'],
  ['^[]$', 'u'],
  ['^\\08$', ''],
  ['^[\\c1]$', ''],
  ['^\\c1$', ''],
  ['^\\cJ$', 'u'],
  ['^\\k$', ''],
  ['^.$', 'u'],
  ['^.$', ''],
  ['^\\s$', 'u'],
  ['^\\S+$', 'u'],
  ['^[^\\s]+$', ''],
  ['^\\uD83D\\uDE00$', 'u'],
  ['\\uD83D', 'u'],
  ['^x{$', ''],
  ['^a{,2}$', ''],
  ['^(?<name>a|ab)+c?$', 'u'],
  ['\\bc', 'u'],
  ['\\Bc', ''],
]

describe('the linear matcher on the parser', () => {
  it.each(PATTERNS)('agrees with the native engine on %j (flags %j)', (pattern, flags) => {
    const matcher = analyzePattern(pattern, flags).matcher
    expect(matcher).toBeDefined()
    const native = new RegExp(pattern, flags)
    for (const input of INPUTS) expect([input, matcher?.test(input)]).toEqual([input, native.test(input)])
  })
})
