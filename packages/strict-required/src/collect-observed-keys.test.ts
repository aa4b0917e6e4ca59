import { describe, expect, it } from 'vitest'
import { collectObservedKeys } from './collect-observed-keys.js'

const cases: { name: string; given: unknown; want: Record<string, string[]> }[] = [
  { name: 'root object records `/` with sorted keys', given: { b: 1, a: 2 }, want: { '/': ['a', 'b'] } },
  { name: 'empty root object is recorded', given: {}, want: { '/': [] } },
  {
    name: 'nested object records its own pointer',
    given: { data: { id: 1, name: 'x' } },
    want: { '/': ['data'], '/data': ['id', 'name'] },
  },
  {
    name: 'deeper nesting joins with /',
    given: { data: { owner: { id: 1 } } },
    want: { '/': ['data'], '/data': ['owner'], '/data/owner': ['id'] },
  },
  {
    name: 'array element shape is the intersection of the elements',
    given: { items: [{ id: 1, name: 'a' }, { id: 2 }, { id: 3, name: 'c', tag: 't' }] },
    want: { '/': ['items'], '/items[*]': ['id'] },
  },
  {
    name: 'root array uses [*]',
    given: [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ],
    want: { '[*]': ['id', 'name'] },
  },
  {
    name: 'nested arrays use [*][*]',
    given: [[{ id: 1, x: 1 }], [{ id: 2 }, { id: 3, x: 3 }]],
    want: { '[*][*]': ['id'] },
  },
  {
    name: 'arrays nested in properties of elements',
    given: { rows: [{ cells: [{ v: 1 }] }, { cells: [{ v: 2, w: 1 }] }] },
    want: { '/': ['rows'], '/rows[*]': ['cells'], '/rows[*]/cells[*]': ['v'] },
  },
  {
    name: 'scalar elements contribute an empty set',
    given: { items: [{ id: 1 }, 'x', { id: 2 }] },
    want: { '/': ['items'], '/items[*]': [] },
  },
  {
    name: 'all-scalar arrays produce no [*]',
    given: { tags: ['a', 'b'], n: [1, null] },
    want: { '/': ['n', 'tags'] },
  },
  { name: 'empty arrays drop their element pointer', given: { items: [] }, want: { '/': ['items'] } },
  { name: 'empty nested objects record nothing', given: { meta: {} }, want: { '/': ['meta'] } },
  { name: 'empty root array records nothing', given: [], want: {} },
  {
    name: 'empty-object elements still describe the element shape',
    given: { items: [{}, {}] },
    want: { '/': ['items'], '/items[*]': [] },
  },
  {
    name: 'a nested pointer seen in only some elements is recorded with []',
    given: { items: [{ meta: { a: 1 } }, { meta: 'none' }, {}] },
    want: { '/': ['items'], '/items[*]': [], '/items[*]/meta': [] },
  },
  {
    name: 'a nested pointer seen in every element intersects',
    given: { items: [{ meta: { a: 1, b: 2 } }, { meta: { a: 1 } }] },
    want: { '/': ['items'], '/items[*]': ['meta'], '/items[*]/meta': ['a'] },
  },
  {
    name: 'map-shaped objects are walked like any object (the schema decides later)',
    given: { labels: { env: 'prod', team: 'core' } },
    want: { '/': ['labels'], '/labels': ['env', 'team'] },
  },
  {
    name: 'names are escaped: ~ → ~0, / → ~1, [*] → [~*]',
    given: { 'a/b': { 'c~d': { '[*]': { x: 1 } } } },
    want: { '/': ['a/b'], '/a~1b': ['c~d'], '/a~1b/c~0d': ['[*]'], '/a~1b/c~0d/[~*]': ['x'] },
  },
  {
    name: 'an empty key at the root is listed but not descended (it would collide with `/`)',
    given: { '': { x: 1 }, a: 1 },
    want: { '/': ['', 'a'] },
  },
  { name: 'null body records nothing', given: null, want: {} },
  { name: 'undefined body records nothing', given: undefined, want: {} },
  { name: 'string body records nothing', given: 'plain text', want: {} },
  { name: 'number body records nothing', given: 42, want: {} },
]

describe('collectObservedKeys', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(Object.fromEntries(collectObservedKeys(given))).toEqual(want)
  })

  it('returns pointers in sorted order', () => {
    const observed = collectObservedKeys({ z: { a: 1 }, a: { b: 1 }, m: [{ c: 1 }] })
    expect([...observed.keys()]).toEqual(['/', '/a', '/m[*]', '/z'])
  })

  it('walks 100,000 nested arrays without overflowing the stack', () => {
    let body: unknown[] = []
    for (let depth = 0; depth < 100_000; depth++) body = [body]
    expect(collectObservedKeys(body).size).toBe(0)
  })

  it('walks 3,000 nested objects and records every level', () => {
    const root: Record<string, unknown> = {}
    let node = root
    for (let depth = 0; depth < 3_000; depth++) {
      const child: Record<string, unknown> = { leaf: depth }
      node.next = child
      node = child
    }
    const observed = collectObservedKeys(root)
    expect(observed.size).toBe(3_001)
    expect(observed.get(`/next${'/next'.repeat(2_999)}`)).toEqual(['leaf'])
  })

  it('folds a 100,000-element array into one intersection', () => {
    const items = Array.from({ length: 100_000 }, (_, i) =>
      i % 2 === 0 ? { id: i, name: 'n' } : { id: i, tag: 't' },
    )
    expect(Object.fromEntries(collectObservedKeys({ items }))).toEqual({
      '/': ['items'],
      '/items[*]': ['id'],
    })
  })
})
