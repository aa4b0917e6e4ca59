import { describe, expect, it } from 'vitest'
import { deriveSeed } from './derive-seed.js'
import { crc32 } from './internal/crc32.js'

describe('crc32', () => {
  it.each([
    { given: '', want: 0 },
    { given: '123456789', want: 0xcbf43926 },
    { given: 'The quick brown fox jumps over the lazy dog', want: 0x414fa339 },
    { given: 'é', want: 0x0e048d3e },
  ])('crc32($given) = $want', ({ given, want }) => {
    expect(crc32(given)).toBe(want)
  })
})

describe('deriveSeed', () => {
  it('is crc32 of the NUL-joined parts, masked to 31 bits', () => {
    const parts = ['petstore', 'GET', '/pets/{petId}', 42]
    expect(deriveSeed(parts)).toBe(crc32('petstore\0GET\0/pets/{petId}\u000042') & 0x7fffffff)
  })

  it.each([
    { left: ['s', 'GET', '/a', 1], right: ['s', 'GET', '/a', 2] },
    { left: ['s', 'GET', '/a', 1], right: ['s', 'POST', '/a', 1] },
    { left: ['s', 'ignored_auth', '/a', 1], right: ['s', 'unsupported_method', '/a', 1] },
  ])('differs when one part differs: $left vs $right', ({ left, right }) => {
    expect(deriveSeed(left)).not.toBe(deriveSeed(right))
  })

  it('never goes negative', () => {
    for (let i = 0; i < 200; i++) expect(deriveSeed(['x', i])).toBeGreaterThanOrEqual(0)
  })
})
