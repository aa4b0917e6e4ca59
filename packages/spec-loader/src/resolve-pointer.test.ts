import type { JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { resolvePointer } from './resolve-pointer.js'

describe('resolvePointer', () => {
  const document: JsonValue = {
    a: { b: [10, { c: 'deep' }] },
    'x/y': 1,
    'm~n': 2,
    '~1': 3,
    'sp ace': 4,
    '%41': 5,
    '': { '': 6 },
  }
  const table: { given: string; want: JsonValue | undefined }[] = [
    { given: '#', want: document },
    { given: '#/a/b/0', want: 10 },
    { given: '#/a/b/1/c', want: 'deep' },
    { given: '#/x~1y', want: 1 },
    { given: '#/m~0n', want: 2 },
    { given: '#/~01', want: 3 },
    { given: '#/sp%20ace', want: 4 },
    { given: '#/%2541', want: 5 },
    { given: '#//', want: 6 },
    { given: '#/a/b/01', want: undefined },
    { given: '#/a/b/2', want: undefined },
    { given: '#/a/b/-1', want: undefined },
    { given: '#/missing', want: undefined },
    { given: '#/a/b/0/deeper', want: undefined },
    { given: '#/toString', want: undefined },
    { given: '#nope', want: undefined },
    { given: 'other.json#/a', want: undefined },
  ]
  for (const { given, want } of table) {
    it(`${given} → ${JSON.stringify(want)?.slice(0, 30)}`, () => {
      expect(resolvePointer(document, given)).toEqual(want)
    })
  }
})
