import { describe, expect, it } from 'vitest'
import { jsonErrorOffset } from './json-error-offset.js'

describe('jsonErrorOffset', () => {
  const table: { given: string; want: number | undefined }[] = [
    { given: '{"a": [1, 2.5e3, -0, "x\\u00e9", true, false, null, {}], "b": {}}', want: undefined },
    { given: ' [ ] ', want: undefined },
    { given: '{"a": tru}', want: 9 },
    { given: '{"a": 1,}', want: 8 },
    { given: '{"a" 1}', want: 5 },
    { given: '{a: 1}', want: 1 },
    { given: '[1 2]', want: 3 },
    { given: '[1,]', want: 3 },
    { given: '{"a": 1}x', want: 8 },
    { given: '{"a": "line\nbreak"}', want: 11 },
    { given: '{"a": "\\q"}', want: 8 },
    { given: '{"a": 01}', want: 7 },
    { given: '{"a": -}', want: 7 },
    { given: '{"a": [1', want: 8 },
    { given: '', want: 0 },
    { given: `${'['.repeat(50_000)}${']'.repeat(49_999)}`, want: 99_999 },
  ]
  for (const { given, want } of table) {
    it(`${JSON.stringify(given.slice(0, 40))} → ${want}`, () => {
      expect(jsonErrorOffset(given)).toBe(want)
      if (want !== undefined) expect(() => JSON.parse(given)).toThrow()
    })
  }
})
