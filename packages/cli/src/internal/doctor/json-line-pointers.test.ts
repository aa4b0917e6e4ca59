import { describe, expect, it } from 'vitest'
import { jsonLinePointers } from './json-line-pointers.js'

describe('jsonLinePointers', () => {
  it.each([
    { value: { a: 1 } },
    { value: { a: { b: [1, { c: 'x' }, []], d: {} }, 'e/f': null, skipped: undefined } },
    { value: [] },
    { value: 'text' },
    { value: { paths: { '/a/{id}': { get: { responses: { '200': { description: 'ok' } } } } } } },
  ])('has one pointer per line of JSON.stringify(value, null, 2) for $value', ({ value }) => {
    expect(jsonLinePointers(value)).toHaveLength(JSON.stringify(value, null, 2).split('\n').length)
  })

  it('points each line at the value it opens', () => {
    const value = { a: { b: [1, { c: 'x' }] }, 'e/f': null }
    const lines = JSON.stringify(value, null, 2).split('\n')
    expect(lines.map((line, i) => `${line.trim()}  ${jsonLinePointers(value)[i]}`)).toMatchInlineSnapshot(`
      [
        "{  #",
        ""a": {  #/a",
        ""b": [  #/a/b",
        "1,  #/a/b/0",
        "{  #/a/b/1",
        ""c": "x"  #/a/b/1/c",
        "}  #/a/b/1",
        "]  #/a/b",
        "},  #/a",
        ""e/f": null  #/e~1f",
        "}  #",
      ]
    `)
  })
})
