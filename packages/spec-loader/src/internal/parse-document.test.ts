import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { parseDocument } from './parse-document.js'
import type { SpecFormat } from './spec-format.js'

const context = { specName: 'p', file: 'f' }

function parse(text: string, format: SpecFormat): unknown {
  try {
    return parseDocument(text, format, context)
  } catch (error) {
    if (!isContractToolError(error)) throw error
    return `${error.code}: ${error.message}`
  }
}

describe('parseDocument', () => {
  const table: { given: string; format: SpecFormat; want: unknown }[] = [
    { given: '\uFEFF{"a": 1}', format: 'json', want: { a: 1 } },
    { given: '\uFEFFa: 1\n', format: 'yaml', want: { a: 1 } },
    {
      given: 'v: 3.0\nd: 2024-01-01\nn: ~\nb: yes\n',
      format: 'yaml',
      want: { v: 3, d: '2024-01-01', n: null, b: 'yes' },
    },
    {
      given: '  \n',
      format: 'json',
      want: expect.stringContaining('the file is empty; expected a JSON document, received only whitespace'),
    },
    { given: '# only a comment\n', format: 'yaml', want: expect.stringContaining('received only comments') },
    {
      given: '{\n  "a": 1\n',
      format: 'json',
      want: expect.stringMatching(/malformed JSON at line 3, column 1: /),
    },
    {
      given: '{\n  "a": tru\n}',
      format: 'json',
      want: expect.stringContaining("malformed JSON at line 2, column 11: Unexpected token '\\n'"),
    },
    {
      given: 'a: 1\na: 2\n',
      format: 'yaml',
      want: expect.stringMatching(/malformed YAML at line 2, column 1: duplicated mapping key/),
    },
    {
      given: 'a: !!binary aGk=\n',
      format: 'yaml',
      want: expect.stringMatching(/malformed YAML at line 1, column 17: unknown tag/),
    },
    {
      given: '---\na: 1\n---\nb: 2\n',
      format: 'yaml',
      want: expect.stringContaining('malformed YAML: expected a single document'),
    },
  ]
  for (const { given, format, want } of table) {
    it(`${format} ${JSON.stringify(given)}`, () => {
      expect(parse(given, format)).toEqual(want)
    })
  }
})
