import { describe, expect, it } from 'vitest'
import { isJsonMediaType, normalizeMediaType, sequentialMediaFormat } from './media-type.js'

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

describe('sequentialMediaFormat', () => {
  it.each([
    ['application/jsonl', 'json-lines'],
    ['application/x-ndjson; charset=utf-8', 'json-lines'],
    ['Application/Vnd.Pets+JSONL', 'json-lines'],
    ['application/json-seq', 'json-seq'],
    ['application/geo+json-seq', 'json-seq'],
    ['text/event-stream', 'event-stream'],
    ['application/json', undefined],
    ['multipart/mixed', undefined],
    ['application/jsonlines', undefined],
    [undefined, undefined],
  ])('%s is %s', (type, want) => {
    expect(sequentialMediaFormat(type)).toBe(want)
  })
})
