import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { applyRequestPrefix, normalizeRequestPrefix } from './normalize-request-prefix.js'

describe('normalizeRequestPrefix', () => {
  it.each([
    { given: '', want: '' },
    { given: '/', want: '' },
    { given: '//', want: '' },
    { given: '/api', want: '/api' },
    { given: '/api/', want: '/api' },
    { given: '/api/v1///', want: '/api/v1' },
    { given: '/my%20app', want: '/my%20app' },
    { given: '/caf%C3%A9', want: '/caf%C3%A9' },
  ])('accepts $given as $want', ({ given, want }) => {
    expect(normalizeRequestPrefix(given)).toBe(want)
  })

  it.each([
    { given: 'https://example.com/api', why: 'it names a scheme or host' },
    { given: '//example.com/api', why: 'it names a scheme or host' },
    { given: 'api', why: 'it does not start with /' },
    { given: '/api?x=1', why: 'it carries a query string' },
    { given: '/api#top', why: 'it carries a fragment' },
    { given: '/my app', why: 'it contains unencoded whitespace or control characters' },
    { given: '/api\t', why: 'it contains unencoded whitespace or control characters' },
    { given: '/café', why: 'it contains unencoded non-ASCII characters' },
    { given: '/100%', why: 'it contains a malformed percent escape' },
    { given: '/{tenant}', why: 'it contains a path template placeholder' },
  ])('refuses $given', ({ given, why }) => {
    let error: unknown
    try {
      normalizeRequestPrefix(given)
    } catch (caught) {
      error = caught
    }
    expect(isContractToolError(error)).toBe(true)
    expect(error).toMatchObject({ code: 'CONTRACTTOOL_STUBS_INVALID_REQUEST_PREFIX' })
    expect((error as Error).message).toContain(why)
  })
})

describe('applyRequestPrefix', () => {
  it.each([
    { prefix: '', path: '/pets', want: '/pets' },
    { prefix: '/api', path: '/pets/1?x=2', want: '/api/pets/1?x=2' },
    { prefix: '/api', path: '/', want: '/api/' },
  ])('$prefix + $path = $want', ({ prefix, path, want }) => {
    expect(applyRequestPrefix(prefix, path)).toBe(want)
  })
})
