import { describe, expect, it } from 'vitest'
import { decodeFragmentToken, unescapePointerToken } from './json-pointer.js'

describe('unescapePointerToken', () => {
  it('turns ~1 into / before ~0 into ~, so ~01 stays ~1', () => {
    expect(unescapePointerToken('~1pets~1{petId}')).toBe('/pets/{petId}')
    expect(unescapePointerToken('a~0b')).toBe('a~b')
    expect(unescapePointerToken('~01')).toBe('~1')
  })
})

describe('decodeFragmentToken', () => {
  it('percent-decodes before unescaping, and keeps a malformed escape', () => {
    expect(decodeFragmentToken('%7Bid%7D~1x')).toBe('{id}/x')
    // %7E1 is the text "~1" written in a fragment: decoded, it is an escape, as RFC 6901 §6 reads it.
    expect(decodeFragmentToken('%7E1')).toBe('/')
    expect(decodeFragmentToken('100%~0')).toBe('100%~')
  })
})
