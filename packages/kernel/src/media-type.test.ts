import { describe, expect, it } from 'vitest'
import { isJsonMediaType, normalizeMediaType } from './media-type.js'

describe('isJsonMediaType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/json', false],
    ['application/jsonp', false],
    ['text/plain', false],
    [undefined, false],
    [null, false],
  ] as const)('%s → %s', (given, want) => {
    expect(isJsonMediaType(given)).toBe(want)
  })
})

describe('normalizeMediaType', () => {
  it.each([
    ['application/json', 'application/json'],
    [' Application/Problem+JSON ; charset=utf-8', 'application/problem+json'],
    ['text/plain;charset=utf-8', 'text/plain'],
    ['*/*', '*/*'],
  ] as const)('%s → %s', (given, want) => {
    expect(normalizeMediaType(given)).toBe(want)
  })
})
