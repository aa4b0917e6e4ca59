import { ContractToolError, type JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildTestSpec, OK_OPERATION } from './build-test-spec.test-kit.js'
import { createPathMatcher } from './create-path-matcher.js'
import { findMultiSegmentParameters } from './find-multi-segment-parameters.js'
import { getPathMatcher, usePathMatcher } from './get-path-matcher.js'
import type { MatchOptions } from './types.js'

function thrown(run: () => unknown): ContractToolError {
  try {
    run()
  } catch (error) {
    if (error instanceof ContractToolError) return error
    throw error
  }
  throw new Error('expected a ContractToolError, nothing was thrown')
}

describe('PathMatcher.normalize', () => {
  const cases: {
    given: string
    stripPrefixes?: string[]
    want: { path: string; strippedPrefix?: string }
  }[] = [
    { given: '/pets?limit=1', want: { path: '/pets' } },
    { given: '/pets#top', want: { path: '/pets' } },
    { given: '/pets#a?b', want: { path: '/pets' } },
    { given: '/pets/?a=1#b', want: { path: '/pets' } },
    { given: '/pets/', want: { path: '/pets' } },
    { given: '/pets///', want: { path: '/pets' } },
    { given: '/', want: { path: '/' } },
    { given: '//', want: { path: '' } },
    { given: '', want: { path: '' } },
    { given: '/api/pets', stripPrefixes: ['/api'], want: { path: '/pets', strippedPrefix: '/api' } },
    // A literal string prefix, not segment-aware.
    { given: '/api2/foo', stripPrefixes: ['/api'], want: { path: '2/foo', strippedPrefix: '/api' } },
    // First configured prefix that matches wins, and only one is removed.
    {
      given: '/api/v1/pets',
      stripPrefixes: ['/api', '/api/v1'],
      want: { path: '/v1/pets', strippedPrefix: '/api' },
    },
    {
      given: '/api/v1/pets',
      stripPrefixes: ['/api/v1', '/api'],
      want: { path: '/pets', strippedPrefix: '/api/v1' },
    },
    {
      given: '/api/v1/pets',
      stripPrefixes: ['/v1', '/api'],
      want: { path: '/v1/pets', strippedPrefix: '/api' },
    },
    { given: '/gateway/pets', stripPrefixes: ['/api'], want: { path: '/gateway/pets' } },
    // Prefix first, trailing slash second.
    { given: '/api/', stripPrefixes: ['/api'], want: { path: '/', strippedPrefix: '/api' } },
    { given: '/api', stripPrefixes: ['/api'], want: { path: '/', strippedPrefix: '/api' } },
    // The query string goes before prefixes are compared.
    { given: '/api?x=/api', stripPrefixes: ['/api?'], want: { path: '/api' } },
    { given: '/pets', stripPrefixes: ['', '/pe'], want: { path: 'ts', strippedPrefix: '/pe' } },
  ]
  const matcher = createPathMatcher(buildTestSpec(['/pets']))
  it.each(cases)('$given with $stripPrefixes', ({ given, stripPrefixes, want }) => {
    const options: MatchOptions = stripPrefixes === undefined ? {} : { stripPrefixes }
    expect(matcher.normalize(given, options)).toEqual({
      path: want.path,
      strippedPrefix: want.strippedPrefix,
    })
  })
})

describe('PathMatcher.match', () => {
  const cases: {
    name: string
    templates: string[]
    given: string
    stripPrefixes?: string[]
    want: { template: string; params?: Record<string, string> } | undefined
  }[] = [
    { name: 'a literal template', templates: ['/pets'], given: '/pets', want: { template: '/pets' } },
    {
      name: 'literal beats templated declared earlier',
      templates: ['/pets/{petId}', '/pets/mine'],
      given: '/pets/mine',
      want: { template: '/pets/mine' },
    },
    {
      name: 'templated when the literal differs',
      templates: ['/pets/{petId}', '/pets/mine'],
      given: '/pets/42',
      want: { template: '/pets/{petId}', params: { petId: '42' } },
    },
    {
      name: 'a placeholder with text in its segment',
      templates: ['/files/{id}.json'],
      given: '/files/1.json',
      want: { template: '/files/{id}.json', params: { id: '1' } },
    },
    {
      name: 'the text must be there',
      templates: ['/files/{id}.json'],
      given: '/files/1.xml',
      want: undefined,
    },
    {
      name: 'the placeholder must take a character',
      templates: ['/files/{id}.json'],
      given: '/files/.json',
      want: undefined,
    },
    {
      name: 'text at the end is matched at the end',
      templates: ['/files/{id}.json'],
      given: '/files/a.json.json',
      want: { template: '/files/{id}.json', params: { id: 'a.json' } },
    },
    {
      name: 'text before, between and after placeholders',
      templates: ['/r/v{major}.{minor}-{tag}'],
      given: '/r/v1.2-beta.3',
      want: { template: '/r/v{major}.{minor}-{tag}', params: { major: '1', minor: '2', tag: 'beta.3' } },
    },
    {
      name: 'an earlier placeholder takes as little as it can',
      templates: ['/compare/{base}...{head}'],
      given: '/compare/a...b...c',
      want: { template: '/compare/{base}...{head}', params: { base: 'a', head: 'b...c' } },
    },
    {
      name: 'placeholders side by side: the first takes one character',
      templates: ['/x/{a}{b}'],
      given: '/x/123',
      want: { template: '/x/{a}{b}', params: { a: '1', b: '23' } },
    },
    {
      name: 'a mixed segment beats a whole-segment parameter, wherever declared',
      templates: ['/compare/{basehead}', '/compare/{base}...{head}'],
      given: '/compare/main...dev',
      want: { template: '/compare/{base}...{head}', params: { base: 'main', head: 'dev' } },
    },
    {
      name: 'a whole-segment parameter when the mixed segment does not match',
      templates: ['/compare/{base}...{head}', '/compare/{basehead}'],
      given: '/compare/main',
      want: { template: '/compare/{basehead}', params: { basehead: 'main' } },
    },
    {
      name: 'between mixed segments, more text wins, wherever declared',
      templates: ['/charts/{id}/image(width={width})', '/charts/{id}/image(width={width},height={height})'],
      given: '/charts/7/image(width=1,height=2)',
      want: {
        template: '/charts/{id}/image(width={width},height={height})',
        params: { id: '7', width: '1', height: '2' },
      },
    },
    {
      name: 'the shorter text still matches what the longer does not',
      templates: ['/charts/{id}/image(width={width})', '/charts/{id}/image(width={width},height={height})'],
      given: '/charts/7/image(width=1)',
      want: { template: '/charts/{id}/image(width={width})', params: { id: '7', width: '1' } },
    },
    {
      name: 'a literal segment beats a mixed one',
      templates: ['/files/{id}.json', '/files/index.json'],
      given: '/files/index.json',
      want: { template: '/files/index.json' },
    },
    {
      name: 'more literal segments beat more mixed segments',
      templates: ['/{a}.json/{b}.json', '/{c}/x.json'],
      given: '/1.json/x.json',
      want: { template: '/{c}/x.json', params: { c: '1.json' } },
    },
    {
      name: 'a mixed template matches its own text too',
      templates: ['/files/{id}.json'],
      given: '/files/{id}.json',
      want: { template: '/files/{id}.json', params: { id: '{id}' } },
    },
    {
      name: 'braces around no name are text',
      templates: ['/files/{}.json'],
      given: '/files/{}.json',
      want: { template: '/files/{}.json' },
    },
    {
      name: 'a whole-segment parameter takes the dot',
      templates: ['/files/{id}'],
      given: '/files/1.json',
      want: { template: '/files/{id}', params: { id: '1.json' } },
    },
    {
      name: 'trailing slash on the request',
      templates: ['/pets/{petId}'],
      given: '/pets/42/',
      want: { template: '/pets/{petId}', params: { petId: '42' } },
    },
    {
      name: 'trailing slash on a literal template',
      templates: ['/v2/account/'],
      given: '/v2/account',
      want: { template: '/v2/account/' },
    },
    {
      name: 'two literal templates that normalize alike: first declared wins',
      templates: ['/v2/account/', '/v2/account'],
      given: '/v2/account/',
      want: { template: '/v2/account/' },
    },
    {
      name: 'trailing slash on a templated template',
      templates: ['/pets/{petId}/'],
      given: '/pets/42',
      want: { template: '/pets/{petId}/', params: { petId: '42' } },
    },
    { name: 'root', templates: ['/', '/{id}'], given: '/', want: { template: '/' } },
    { name: 'root with a query string', templates: ['/'], given: '/?a=1', want: { template: '/' } },
    { name: 'a parameter never matches the empty root', templates: ['/{id}'], given: '/', want: undefined },
    { name: 'the empty path matches nothing', templates: ['/', '/{id}'], given: '', want: undefined },
    {
      name: '//x never matches',
      templates: ['/x', '/{a}', '/{a}/x', '/{a}/{b}'],
      given: '//x',
      want: undefined,
    },
    {
      name: 'an empty inner segment never fills a parameter',
      templates: ['/a/{x}/b'],
      given: '/a//b',
      want: undefined,
    },
    {
      name: 'more segments than the template',
      templates: ['/pets/{petId}'],
      given: '/pets/1/2',
      want: undefined,
    },
    {
      name: 'fewer segments than the template',
      templates: ['/pets/{petId}'],
      given: '/pets',
      want: undefined,
    },
    { name: 'a path must start at the root', templates: ['/pets', '/{a}'], given: 'pets', want: undefined },
    { name: 'matching is case-sensitive', templates: ['/Pets'], given: '/pets', want: undefined },
    {
      name: 'tie on literal count: first declared wins',
      templates: ['/{first}/fixed', '/fixed/{second}'],
      given: '/fixed/fixed',
      want: { template: '/{first}/fixed', params: { first: 'fixed' } },
    },
    {
      name: 'tie on literal count, declared the other way round',
      templates: ['/fixed/{second}', '/{first}/fixed'],
      given: '/fixed/fixed',
      want: { template: '/fixed/{second}', params: { second: 'fixed' } },
    },
    {
      name: 'more literal segments win over declaration order',
      templates: ['/{a}/{b}/c', '/a/{b}/{c}', '/a/b/{c}'],
      given: '/a/b/c',
      want: { template: '/a/b/{c}', params: { c: 'c' } },
    },
    {
      name: 'a deeper literal loses to a longer literal run elsewhere',
      templates: ['/a/{x}/{y}/d', '/{w}/b/c/d'],
      given: '/a/b/c/d',
      want: { template: '/{w}/b/c/d', params: { w: 'a' } },
    },
    {
      name: 'captured values stay percent-encoded',
      templates: ['/pets/{petId}'],
      given: '/pets/a%2Fb%20c',
      want: { template: '/pets/{petId}', params: { petId: 'a%2Fb%20c' } },
    },
    {
      name: 'a placeholder named __proto__ is a plain key',
      templates: ['/x/{__proto__}'],
      given: '/x/1',
      want: { template: '/x/{__proto__}', params: { ['__proto__']: '1' } },
    },
    {
      name: 'prefix stripped before matching',
      templates: ['/pets'],
      given: '/api/pets',
      stripPrefixes: ['/api'],
      want: { template: '/pets' },
    },
    {
      name: 'a literal prefix can leave a path that matches nothing',
      templates: ['/2/foo', '/{a}/foo'],
      given: '/api2/foo',
      stripPrefixes: ['/api'],
      want: undefined,
    },
    {
      name: '/api/ stripped of /api is the root',
      templates: ['/'],
      given: '/api/',
      stripPrefixes: ['/api'],
      want: { template: '/' },
    },
    {
      name: '/api stripped of /api is the root',
      templates: ['/'],
      given: '/api',
      stripPrefixes: ['/api'],
      want: { template: '/', params: {} },
    },
  ]
  it.each(cases)('$name', ({ templates, given, stripPrefixes, want }) => {
    const matcher = createPathMatcher(buildTestSpec(templates))
    const match = matcher.match(given, stripPrefixes === undefined ? undefined : { stripPrefixes })
    expect(
      match === undefined ? undefined : { template: match.template, params: { ...match.params } },
    ).toEqual(want === undefined ? undefined : { template: want.template, params: want.params ?? {} })
  })

  it('reports the normalized path and the stripped prefix', () => {
    const matcher = createPathMatcher(buildTestSpec(['/pets/{petId}']))
    expect(matcher.match('/api/pets/7/?x=1', { stripPrefixes: ['/api'] })).toEqual({
      template: '/pets/{petId}',
      params: { petId: '7' },
      normalizedPath: '/pets/7',
      strippedPrefix: '/api',
    })
  })

  it('matchWithoutPrefixStripping ignores prefixes the caller configured elsewhere', () => {
    const matcher = createPathMatcher(buildTestSpec(['/pets', '/api/pets']))
    expect(matcher.matchWithoutPrefixStripping('/api/pets/')?.template).toBe('/api/pets')
    expect(matcher.matchWithoutPrefixStripping('/pets?x=1')?.strippedPrefix).toBeUndefined()
    expect(matcher.matchWithoutPrefixStripping('/api')).toBeUndefined()
  })
})

describe('multi-segment parameters (x-multi-segment)', () => {
  const param = (name: string, extra: JsonObject = {}): JsonObject => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...extra,
  })
  // Shaped like GitHub's description: inline flags, flags behind `$ref`, and a path-item-level flag.
  const spec = buildTestSpec(
    {
      '/repos/{owner}/{repo}/contents/{path}': {
        get: {
          ...OK_OPERATION,
          parameters: [param('owner'), param('repo'), param('path', { 'x-multi-segment': true })],
        },
        put: { ...OK_OPERATION, parameters: [param('path')] },
      },
      '/repos/{owner}/{repo}/git/refs/{ref}': {
        patch: { ...OK_OPERATION, parameters: [{ $ref: '#/components/parameters/git-ref-only' }] },
      },
      '/repos/{owner}/{repo}/branches/{branch}': {
        parameters: [{ $ref: '#/components/parameters/branch' }],
        get: OK_OPERATION,
      },
      '/repos/{owner}/{repo}/branches/{branch}/protection': {
        get: { ...OK_OPERATION, parameters: [{ $ref: '#/components/parameters/branch' }] },
      },
      '/search/{q}': {
        get: {
          ...OK_OPERATION,
          parameters: [
            { name: 'q', in: 'query', 'x-multi-segment': true },
            param('q', { 'x-multi-segment': 'true' }),
          ],
        },
      },
      '/files/{path}': { get: { ...OK_OPERATION, parameters: [param('path', { 'x-multi-segment': true })] } },
      '/files/{id}': { get: OK_OPERATION },
      '/a/{x}/{y}': { get: OK_OPERATION },
      '/a/b/{rest}': { get: { ...OK_OPERATION, parameters: [param('rest', { 'x-multi-segment': true })] } },
      '/m/{a}/x/{b}': {
        get: {
          ...OK_OPERATION,
          parameters: [param('a', { 'x-multi-segment': true }), param('b', { 'x-multi-segment': true })],
        },
      },
    },
    {
      components: {
        parameters: {
          'git-ref-only': param('ref', { 'x-multi-segment': true }),
          branch: param('branch', { 'x-multi-segment': true }),
        },
      },
    },
    '3.0',
  )
  const cases: { given: string; want: { template: string; params: Record<string, string> } | undefined }[] = [
    {
      given: '/repos/o/r/contents/docs/a.md',
      want: {
        template: '/repos/{owner}/{repo}/contents/{path}',
        params: { owner: 'o', repo: 'r', path: 'docs/a.md' },
      },
    },
    {
      given: '/repos/o/r/contents/a.md',
      want: {
        template: '/repos/{owner}/{repo}/contents/{path}',
        params: { owner: 'o', repo: 'r', path: 'a.md' },
      },
    },
    { given: '/repos/o/r/contents', want: undefined },
    { given: '/repos/o/r/contents/docs//a.md', want: undefined },
    // Only the flagged parameter spans segments.
    { given: '/repos/o/x/r/contents/a.md', want: undefined },
    {
      given: '/repos/o/r/git/refs/heads/feature/a',
      want: {
        template: '/repos/{owner}/{repo}/git/refs/{ref}',
        params: { owner: 'o', repo: 'r', ref: 'heads/feature/a' },
      },
    },
    {
      given: '/repos/o/r/branches/feature/x',
      want: {
        template: '/repos/{owner}/{repo}/branches/{branch}',
        params: { owner: 'o', repo: 'r', branch: 'feature/x' },
      },
    },
    {
      given: '/repos/o/r/branches/feature/x/protection',
      want: {
        template: '/repos/{owner}/{repo}/branches/{branch}/protection',
        params: { owner: 'o', repo: 'r', branch: 'feature/x' },
      },
    },
    // More literal segments win even though `{branch}` could swallow `protection`.
    {
      given: '/repos/o/r/branches/main/protection',
      want: {
        template: '/repos/{owner}/{repo}/branches/{branch}/protection',
        params: { owner: 'o', repo: 'r', branch: 'main' },
      },
    },
    // A query parameter's flag and a non-boolean flag do not count.
    { given: '/search/a/b', want: undefined },
    // Fixed segment count beats multi-segment at the same literal count, whatever the declaration order.
    { given: '/files/a', want: { template: '/files/{id}', params: { id: 'a' } } },
    { given: '/files/a/b', want: { template: '/files/{path}', params: { path: 'a/b' } } },
    // Literal count comes first: a multi-segment template with more literals beats a fixed one.
    { given: '/a/b/c', want: { template: '/a/b/{rest}', params: { rest: 'c' } } },
    { given: '/a/z/c', want: { template: '/a/{x}/{y}', params: { x: 'z', y: 'c' } } },
    // Several multi-segment parameters: an earlier one takes as few segments as it can.
    { given: '/m/1/x/2/x/3', want: { template: '/m/{a}/x/{b}', params: { a: '1', b: '2/x/3' } } },
    { given: '/m/1/2/x/3', want: { template: '/m/{a}/x/{b}', params: { a: '1/2', b: '3' } } },
  ]
  const matcher = createPathMatcher(spec)
  it.each(cases)('$given', ({ given, want }) => {
    const match = matcher.match(given)
    expect(
      match === undefined ? undefined : { template: match.template, params: { ...match.params } },
    ).toEqual(want)
  })

  it('lists the flagged parameters by template, as plain data', () => {
    expect(Object.fromEntries(findMultiSegmentParameters(spec))).toEqual({
      '/repos/{owner}/{repo}/contents/{path}': ['path'],
      '/repos/{owner}/{repo}/git/refs/{ref}': ['ref'],
      '/repos/{owner}/{repo}/branches/{branch}': ['branch'],
      '/repos/{owner}/{repo}/branches/{branch}/protection': ['branch'],
      '/files/{path}': ['path'],
      '/a/b/{rest}': ['rest'],
      '/m/{a}/x/{b}': ['a', 'b'],
    })
  })

  it('counts flags on 3.2 additionalOperations, and only in 3.2', () => {
    const paths = {
      '/blobs/{key}': {
        additionalOperations: {
          LINK: { ...OK_OPERATION, parameters: [param('key', { 'x-multi-segment': true })] },
        },
      },
    }
    expect(findMultiSegmentParameters(buildTestSpec(paths, {}, '3.2')).get('/blobs/{key}')).toEqual(['key'])
    expect(findMultiSegmentParameters(buildTestSpec(paths, {}, '3.1')).has('/blobs/{key}')).toBe(false)
  })

  it('builds the same matcher from kept flags without reading a path item', () => {
    const kept = findMultiSegmentParameters(spec)
    const read: string[] = []
    const paths: JsonObject = {}
    for (const template of spec.paths) {
      Object.defineProperty(paths, template, {
        enumerable: true,
        get: () => {
          read.push(template)
          return (spec.document.paths as JsonObject)[template]
        },
      })
    }
    const restored = { ...spec, document: { ...spec.document, paths }, paths: spec.paths }
    const fromKept = createPathMatcher(restored, { multiSegmentParameters: kept })
    expect(read).toEqual([])
    for (const { given } of cases) expect(fromKept.match(given)).toEqual(matcher.match(given))
    createPathMatcher(restored)
    expect(read.length).toBeGreaterThan(0)
  })

  it('is the matcher getPathMatcher returns once usePathMatcher is given it', () => {
    const own = buildTestSpec(['/files/{path}'])
    const chosen = createPathMatcher(own, { multiSegmentParameters: new Map([['/files/{path}', ['path']]]) })
    expect(getPathMatcher(own).match('/files/a/b')).toBeUndefined()
    usePathMatcher(own, chosen)
    expect(getPathMatcher(own)).toBe(chosen)
    expect(getPathMatcher(own).match('/files/a/b')?.params).toEqual({ path: 'a/b' })
  })
})

describe('duplicate placeholders', () => {
  it('refuses a template that repeats a placeholder name when the matcher is built', () => {
    const spec = buildTestSpec(['/pets', '/a/{id}/b/{id}'])
    const error = thrown(() => createPathMatcher(spec))
    expect(error.code).toBe('CONTRACTTOOL_DUPLICATE_PLACEHOLDER')
    expect(error.specName).toBe('petstore')
    expect(error.message).toMatchInlineSnapshot(
      `"Duplicate path placeholder name 'id' in spec path '/a/{id}/b/{id}'. OpenAPI requires unique placeholder names within a single template."`,
    )
    expect(thrown(() => getPathMatcher(spec)).code).toBe('CONTRACTTOOL_DUPLICATE_PLACEHOLDER')
  })

  it('answers for long segments against many placeholders in one segment (no backtracking)', () => {
    // A backtracking expression would try every split of the 50,000 characters among the placeholders
    // before giving up.
    const matcher = createPathMatcher(
      buildTestSpec(['/x/{a}{b}{c}{d}{e}!', '/y/{a}.{b}.{c}.{d}.{e}!', '/z/{a}.{b}!{c}']),
    )
    expect(matcher.match(`/x/${'a'.repeat(50_000)}`)).toBeUndefined()
    expect(matcher.match(`/y/${'a.'.repeat(25_000)}`)).toBeUndefined()
    expect(matcher.match(`/z/${'a.'.repeat(25_000)}a`)).toBeUndefined()
    expect(matcher.match(`/y/${'a.'.repeat(25_000)}!`)?.params).toEqual({
      a: 'a',
      b: 'a',
      c: 'a',
      d: 'a',
      e: `${'a.'.repeat(24_996)}`,
    })
  })

  it.each(['/c/{id}/{id}.json', '/c/{a}...{a}'])(
    'counts the placeholders of mixed segments too (%s)',
    (template) => {
      const error = thrown(() => createPathMatcher(buildTestSpec([template])))
      expect(error.code).toBe('CONTRACTTOOL_DUPLICATE_PLACEHOLDER')
      expect(error.message).toContain(`in spec path '${template}'`)
    },
  )

  it('accepts the same name in different templates and names that only look alike', () => {
    const matcher = createPathMatcher(
      buildTestSpec(['/a/{id}', '/b/{id}', '/c/{id}/{ID}.json', '/d/{id}/{Id}']),
    )
    expect(matcher.match('/d/1/2')?.params).toEqual({ id: '1', Id: '2' })
    expect(matcher.match('/c/1/2.json')?.params).toEqual({ id: '1', ID: '2' })
  })
})

describe('getPathMatcher', () => {
  it('builds one matcher per spec', () => {
    const spec = buildTestSpec(['/pets'])
    const other = buildTestSpec(['/pets'])
    expect(getPathMatcher(spec)).toBe(getPathMatcher(spec))
    expect(getPathMatcher(other)).not.toBe(getPathMatcher(spec))
  })
})

describe('misuse', () => {
  const matcher = createPathMatcher(buildTestSpec(['/pets']))
  const cases: { name: string; run: () => unknown; want: { code: string; message: string } }[] = [
    {
      name: 'a spec that is not a LoadedSpec',
      run: () => createPathMatcher({ paths: {} } as never),
      want: {
        code: 'CONTRACTTOOL_INVALID_ARGUMENT',
        message:
          'createPathMatcher: expected a LoadedSpec (from loadSpec, loadSpecFile or buildSpec), received an object (keys paths).',
      },
    },
    {
      name: 'no spec',
      run: () => getPathMatcher(undefined as never),
      want: {
        code: 'CONTRACTTOOL_INVALID_ARGUMENT',
        message:
          'getPathMatcher: expected a LoadedSpec (from loadSpec, loadSpecFile or buildSpec), received undefined.',
      },
    },
    {
      name: 'a non-string path',
      run: () => matcher.match(42 as never),
      want: {
        code: 'CONTRACTTOOL_INVALID_ARGUMENT',
        message: 'PathMatcher.match: expected the request path to be a string, received number 42.',
      },
    },
    {
      name: 'stripPrefixes as a string',
      run: () => matcher.match('/pets', { stripPrefixes: '/api' as never }),
      want: {
        code: 'CONTRACTTOOL_INVALID_OPTION',
        message:
          'PathMatcher.match: expected options.stripPrefixes to be a list of strings, received the string "/api".',
      },
    },
    {
      name: 'a non-string prefix',
      run: () => matcher.normalize('/pets', { stripPrefixes: ['/api', null] as never }),
      want: {
        code: 'CONTRACTTOOL_INVALID_OPTION',
        message: 'PathMatcher.normalize: expected options.stripPrefixes[1] to be a string, received null.',
      },
    },
    {
      name: 'options that are not an object',
      run: () => matcher.match('/pets', ['/api'] as never),
      want: {
        code: 'CONTRACTTOOL_INVALID_OPTION',
        message: 'PathMatcher.match: expected options to be an object, received an array of 1 item(s).',
      },
    },
  ]
  it.each(cases)('$name', ({ run, want }) => {
    const error = thrown(run)
    expect({ code: error.code, message: error.message }).toEqual(want)
  })
})
