import { describe, expect, it } from 'vitest'
import { findMediaKey, isJsonMediaType, normalizeMediaType } from './media-type.js'

describe('media types', () => {
  it.each([
    ['application/json', true],
    ['application/problem+json', true],
    ['application/vnd.github.v3+json', true],
    ['text/json', false],
    ['application/jsonp', false],
  ])('%s is JSON: %s', (type, want) => {
    expect(isJsonMediaType(type)).toBe(want)
  })

  it.each([
    [['text/plain', 'text/*', '*/*'], 'TEXT/Plain; charset=utf-8', 'text/plain'],
    [['text/*', '*/*'], 'text/csv', 'text/*'],
    [['application/json', '*/*'], 'image/png', '*/*'],
    [['application/json; charset=utf-8'], 'application/json', 'application/json; charset=utf-8'],
    [['application/json'], 'text/html', undefined],
  ])('%j finds %s as %s', (keys, type, want) => {
    expect(findMediaKey(keys, normalizeMediaType(type))).toBe(want)
  })
})
