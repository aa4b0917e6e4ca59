import { describe, expect, it } from 'vitest'
import { escapeControlCharacters } from './escape-control-characters.js'

describe('escapeControlCharacters', () => {
  it.each([
    ['plain text', 'GET /pets/{petId} 200 application/json', 'GET /pets/{petId} 200 application/json'],
    ['a newline starting a workflow command', 'x\n::error::pwned', 'x\\n::error::pwned'],
    ['CR, BEL, NUL and ESC', 'a\rb\u0007c\u0000d\u001b[31me', 'a\\rb\\u0007c\\u0000d\\u001b[31me'],
    ['tab, DEL and C1 CSI', '\t\u007f\u009b', '\\t\\u007f\\u009b'],
    ['line separators and bidi overrides', '\u2028\u2029\u202e\u2066', '\\u2028\\u2029\\u202e\\u2066'],
    ['non-ASCII text', 'héllo 😀 ü', 'héllo 😀 ü'],
  ])('%s', (_, given, want) => {
    expect(escapeControlCharacters(given)).toBe(want)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(escapeControlCharacters(given)).not.toMatch(/[\u0000-\u001f]/)
  })
})
