import type { JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildTestSpec } from './build-test-spec.test-kit.js'
import { createPathMatcher } from './create-path-matcher.js'
import { formatMethodNotDefined } from './format-method-not-defined.js'
import { formatNoMatchingPath, reportNoMatchingPath } from './format-no-matching-path.js'

const petstore = (servers?: JsonValue, paths: string[] = ['/pets', '/pets/{petId}']) =>
  buildTestSpec(paths, servers === undefined ? {} : { servers })

describe('formatNoMatchingPath', () => {
  it('escapes what the spec and the request bring: no line of its own, no terminal control, no reordering', () => {
    const hostile = ['/pets\n::error title=forged::x', '/pets\r\u001b[2K/\u202eowned', '/pets/{id}\u0007']
    const message = formatNoMatchingPath(
      buildTestSpec(hostile, {}, '3.1', 'evil\nname'),
      'get',
      '/pet\n::warning::from the request\u001b]0;title\u0007',
    )
    for (const line of message.split('\n')) expect(line).toMatch(/^(No matching| {2}closest| {4}- GET )/)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may remain
    expect(message.replaceAll('\n', '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/)
    expect(message).toContain(
      `'evil\\nname' spec for GET /pet\\n::warning::from the request\\u001b]0;title\\u0007`,
    )
    expect(message).toContain('- GET /pets\\n::error title=forged::x')
  })

  it('lists the closest spec paths', () => {
    expect(formatNoMatchingPath(petstore(), 'get', '/pet')).toMatchInlineSnapshot(`
      "No matching path found in 'petstore' spec for GET /pet
        closest spec paths:
          - GET /pets
          - GET /pets/{petId}"
    `)
  })

  it('shows the searched path when a configured prefix matched', () => {
    expect(
      formatNoMatchingPath(petstore(), 'post', '/api/v2/pets', { stripPrefixes: ['/api'] }),
    ).toMatchInlineSnapshot(`
        "No matching path found in 'petstore' spec for POST /api/v2/pets
          searched as: /v2/pets (after stripping prefix '/api')
          closest spec paths:
            - GET /pets/{petId}
            - GET /pets"
      `)
  })

  it('names the servers base path when removing it matches', () => {
    expect(
      formatNoMatchingPath(petstore([{ url: 'https://api.example.com/api/' }]), 'get', '/api/pets', {
        matchServers: false,
      }),
    ).toMatchInlineSnapshot(`
        "No matching path found in 'petstore' spec for GET /api/pets
          servers[0].url declares base path '/api'; '/pets' matches after removing it.
          contracttool does not strip server base paths automatically — add '/api' to stripPrefixes.
          closest spec paths:
            - GET /pets/{petId}
            - GET /pets"
      `)
  })

  it('says nothing about servers when a configured prefix already matched', () => {
    const message = formatNoMatchingPath(petstore([{ url: '/api' }]), 'get', '/api/pets', {
      stripPrefixes: ['/a'],
    })
    expect(message).toContain("  searched as: pi/pets (after stripping prefix '/a')")
    expect(message).not.toContain('declares base path')
  })

  it('still names the base path when the configured prefixes do not match the path', () => {
    const spec = petstore([{ url: '/api' }])
    const message = formatNoMatchingPath(spec, 'get', '/api/pets', {
      stripPrefixes: ['/gateway'],
      matchServers: false,
    })
    expect(message).toContain("servers[0].url declares base path '/api'; '/pets' matches after removing it.")
    // And the advice works: appended to the list, the prefix is the one that matches.
    expect(
      createPathMatcher(spec).match('/api/pets', { stripPrefixes: ['/gateway', '/api'] })?.template,
    ).toBe('/pets')
  })

  it('stays silent when the match would need a second prefix removal', () => {
    const spec = petstore([{ url: '/api' }])
    const options = { stripPrefixes: ['/v1'], matchServers: false }
    expect(formatNoMatchingPath(spec, 'get', '/api/v1/pets', options)).not.toContain('servers[')
    for (const stripPrefixes of [
      ['/v1', '/api'],
      ['/api', '/v1'],
    ]) {
      expect(createPathMatcher(spec).match('/api/v1/pets', { stripPrefixes })).toBeUndefined()
    }
  })

  it('leaves out the suggestions when the spec declares no operation', () => {
    expect(formatNoMatchingPath(buildTestSpec([]), 'delete', '/x?y=1')).toMatchInlineSnapshot(
      `"No matching path found in 'petstore' spec for DELETE /x?y=1"`,
    )
  })

  it('truncates a very long echoed path', () => {
    const first = formatNoMatchingPath(petstore(), 'get', `/${'a'.repeat(500)}`).split('\n')[0] as string
    expect(first.length).toBeLessThan(300)
    expect(first.endsWith('… (301 more characters)')).toBe(true)
  })

  it('returns the parts as data', () => {
    const report = reportNoMatchingPath(petstore([{ url: '/api' }]), 'get', '/api/pets/1/', {
      matchServers: false,
    })
    expect({ ...report, message: undefined }).toEqual({
      message: undefined,
      normalized: { path: '/api/pets/1', strippedPrefix: undefined },
      suggestions: [
        { method: 'GET', path: '/pets/{petId}' },
        { method: 'GET', path: '/pets' },
      ],
      serversHint: { serverIndex: 0, basePath: '/api', strippedPath: '/pets/1/' },
    })
  })
})

describe('formatMethodNotDefined', () => {
  const spec = buildTestSpec(
    {
      '/pets': {
        post: { responses: {} },
        get: { responses: {} },
        additionalOperations: { copy: { responses: {} } },
      },
      '/empty': { summary: 'nothing yet' },
    },
    {},
    '3.2',
  )
  const cases: { method: string; template: string; want: string }[] = [
    {
      method: 'patch',
      template: '/pets',
      want: "Method patch not defined for path /pets in 'petstore' spec. Defined methods: GET, POST, copy.",
    },
    {
      method: 'GET',
      template: '/empty',
      want: "Method GET not defined for path /empty in 'petstore' spec. Defined methods: (none).",
    },
    {
      method: 'GET',
      template: '/unknown',
      want: "Method GET not defined for path /unknown in 'petstore' spec. Defined methods: (none).",
    },
  ]
  it.each(cases)('$method $template', ({ method, template, want }) => {
    expect(formatMethodNotDefined(spec, method, template)).toBe(want)
  })
})
