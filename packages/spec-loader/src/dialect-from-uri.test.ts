import { describe, expect, it } from 'vitest'
import { dialectFromUri } from './dialect-from-uri.js'

describe('dialectFromUri', () => {
  const table: { given: string; want: string | undefined }[] = [
    { given: 'https://spec.openapis.org/oas/3.1/dialect/base', want: '2020-12' },
    { given: 'https://spec.openapis.org/oas/3.1/dialect/2024-11-10', want: '2020-12' },
    { given: 'https://spec.openapis.org/oas/3.2/dialect/2025-09-17', want: '2020-12' },
    { given: 'https://json-schema.org/draft/2020-12/schema', want: '2020-12' },
    { given: 'HTTPS://JSON-SCHEMA.ORG/DRAFT/2019-09/SCHEMA#', want: '2019-09' },
    { given: 'http://json-schema.org/draft-07/schema#', want: 'draft-07' },
    { given: 'http://json-schema.org/draft-06/schema', want: 'draft-06' },
    { given: 'http://json-schema.org/draft-04/schema#', want: undefined },
    { given: 'https://example.com/dialect', want: undefined },
    { given: 'https://spec.openapis.org/oas/3.0/dialect/base', want: undefined },
    { given: '', want: undefined },
  ]
  for (const { given, want } of table) {
    it(`${JSON.stringify(given)} → ${want}`, () => {
      expect(dialectFromUri(given)).toBe(want)
    })
  }
})
