import { describe, expect, it } from 'vitest'
import { redactUrl } from './redact-url.js'

describe('redactUrl', () => {
  const table: { given: string; want: string }[] = [
    { given: 'https://example.com/a.json', want: 'https://example.com/a.json' },
    { given: 'https://u:p@example.com/a.json', want: 'https://[redacted]@example.com/a.json' },
    { given: 'https://u@example.com/a.json', want: 'https://[redacted]@example.com/a.json' },
    {
      given: 'https://example.com/a.json?token=abc&v=2',
      want: 'https://example.com/a.json?token=[redacted]&v=[redacted]',
    },
    { given: 'https://example.com/a.json?flag#/Pet', want: 'https://example.com/a.json?flag#/Pet' },
    { given: 'http://x:y@h:8080/p?k=v#/a', want: 'http://[redacted]@h:8080/p?k=[redacted]#/a' },
    { given: 'not a url //user:pw@host?key=value', want: 'not a url //[redacted]@host?key=[redacted]' },
    { given: '#/components/schemas/a=b', want: '#/components/schemas/a=b' },
    { given: 'Pet', want: 'Pet' },
  ]
  for (const { given, want } of table) {
    it(`${given} → ${want}`, () => {
      expect(redactUrl(given)).toBe(want)
    })
  }
})
