import { describe, expect, it } from 'vitest'
import { classifyResponseKey, representativeStatus } from './representative-status.js'

describe('classifyResponseKey', () => {
  it.each([
    { key: '200', want: 'exact' },
    { key: '599', want: 'exact' },
    { key: '600', want: 'malformed' },
    { key: '4XX', want: 'range' },
    { key: '4xx', want: 'range' },
    { key: '4Xx', want: 'malformed' },
    { key: 'default', want: 'default' },
    { key: 'Default', want: 'malformed' },
    { key: 'x-internal', want: 'extension' },
    { key: '20', want: 'malformed' },
  ])('$key is $want', ({ key, want }) => {
    expect(classifyResponseKey(key)).toBe(want)
  })
})

describe('representativeStatus', () => {
  const allOf4xx = Array.from({ length: 100 }, (_, i) => String(400 + i))
  it.each([
    { key: '201', declared: ['201'], want: 201 },
    { key: '4XX', declared: ['200', '4XX'], want: 400 },
    { key: '4XX', declared: ['400', '401', '4XX'], want: 402 },
    { key: '5xx', declared: ['5xx'], want: 500 },
    { key: 'default', declared: ['200', 'default'], want: 400 },
    { key: 'default', declared: ['200', '400', '4XX', 'default'], want: 201 },
    { key: 'default', declared: ['default'], want: 200 },
    { key: 'default', declared: ['404', 'default'], want: 200 },
    { key: 'default', declared: ['2XX', 'default'], want: 400 },
    { key: '4XX', declared: [...allOf4xx, '4XX'], want: undefined },
    { key: 'bogus', declared: ['bogus'], want: undefined },
  ])('$key among $declared is $want', ({ key, declared, want }) => {
    expect(representativeStatus(key, declared)?.status).toBe(want)
  })

  it('explains ranges and default, not exact keys', () => {
    expect(representativeStatus('200', ['200'])?.comment).toBeUndefined()
    expect(representativeStatus('4XX', ['404', '4XX'])?.comment).toMatchInlineSnapshot(
      `"'4XX' is exercised as 400, the first 4xx status no exact key claims."`,
    )
    expect(representativeStatus('default', ['200', 'default'])?.comment).toMatchInlineSnapshot(
      `"'default' is exercised as 400, the first 4xx status no exact or range key claims."`,
    )
  })
})
