import { describe, expect, it } from 'vitest'
import {
  deserializePath,
  deserializeQuery,
  parseQueryString,
  splitSimple,
  type ValueKind,
} from './parameter-styles.js'

describe('path styles', () => {
  it.each([
    ['simple', false, 'primitive', '5', '5'],
    ['simple', false, 'array', '3,4%2C5', ['3', '4,5']],
    ['simple', false, 'object', 'R,100,G,200', { R: '100', G: '200' }],
    ['simple', true, 'object', 'R=100,G=200', { R: '100', G: '200' }],
    ['label', false, 'primitive', '.5', '5'],
    ['label', false, 'array', '.3,4,5', ['3', '4', '5']],
    ['label', true, 'array', '.3.4.5', ['3', '4', '5']],
    ['label', true, 'object', '.R=100.G=200', { R: '100', G: '200' }],
    ['matrix', false, 'primitive', ';id=5', '5'],
    ['matrix', false, 'array', ';id=3,4,5', ['3', '4', '5']],
    ['matrix', true, 'array', ';id=3;id=4;id=5', ['3', '4', '5']],
    ['matrix', false, 'object', ';id=R,100,G,200', { R: '100', G: '200' }],
    ['matrix', true, 'object', ';R=100;G=200', { R: '100', G: '200' }],
  ] as const)('%s explode=%s %s: %s', (style, explode, kind, raw, want) => {
    expect(deserializePath('id', raw, style, explode, kind as ValueKind)).toEqual({ ok: true, value: want })
  })

  it('refuses a label value without its dot', () => {
    expect(deserializePath('id', '5', 'label', false, 'primitive')).toEqual({
      ok: false,
      reason: `must be label-style (a leading '.'), received "5"`,
    })
  })
})

describe('query styles', () => {
  const query = parseQueryString(
    'id=3&id=4&csv=3,4&sp=3%204&pipe=3|4&color[R]=100&color[G]=200&R=1&G=2&plus=a+b',
  )
  it.each([
    ['form', true, 'array', 'id', ['3', '4']],
    ['form', false, 'array', 'csv', ['3', '4']],
    ['spaceDelimited', false, 'array', 'sp', ['3', '4']],
    ['pipeDelimited', false, 'array', 'pipe', ['3', '4']],
    ['deepObject', true, 'object', 'color', { R: '100', G: '200' }],
    ['form', true, 'object', 'color', { R: '1', G: '2' }],
    ['form', true, 'primitive', 'plus', 'a b'],
  ] as const)('%s explode=%s %s (%s)', (style, explode, kind, name, want) => {
    expect(deserializeQuery(name, query, style, explode, kind as ValueKind, () => ['R', 'G'])).toEqual({
      ok: true,
      value: want,
    })
  })

  it('is undefined for an absent parameter', () => {
    expect(deserializeQuery('missing', query, 'form', true, 'primitive', () => [])).toBeUndefined()
  })

  it('keeps an empty value as the empty string', () => {
    expect(parseQueryString('a=&b')).toEqual(
      new Map([
        ['a', ['']],
        ['b', ['']],
      ]),
    )
  })
})

describe('simple style for headers', () => {
  it('trims list items', () => {
    expect(splitSimple('a, b ,c', false, 'array', (part) => part.trim())).toEqual(['a', 'b', 'c'])
  })
})
