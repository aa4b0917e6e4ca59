import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { readEffectiveSecurity } from './read-effective-security.js'

const SCHEMES = {
  bearer: { type: 'http', scheme: 'Bearer' },
  basic: { type: 'http', scheme: 'basic' },
  key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  session: { type: 'apiKey', in: 'cookie', name: 'sid' },
  oauth: { type: 'oauth2', flows: {} },
  tls: { type: 'mutualTLS' },
  ref: { $ref: '#/components/securitySchemes/key' },
}

function read(operationSecurity: unknown, rootSecurity?: unknown, schemes: unknown = SCHEMES) {
  const operation =
    operationSecurity === undefined ? { responses: {} } : { security: operationSecurity, responses: {} }
  const spec = makeSpec({
    ...(rootSecurity === undefined ? {} : { security: rootSecurity }),
    components: { securitySchemes: schemes },
    paths: { '/x': { get: operation } },
  })
  return readEffectiveSecurity(spec, spec.operations[0] as never)
}

describe('readEffectiveSecurity', () => {
  it.each([
    ['nothing declared', undefined, undefined, { kind: 'none' }],
    ['an empty operation list overrides the root', [], [{ bearer: [] }], { kind: 'anonymous' }],
    ['a {} entry documents anonymous access', [{ bearer: [] }, {}], undefined, { kind: 'anonymous' }],
    ['the root applies when the operation says nothing', undefined, [{ key: [] }], { kind: 'required' }],
  ])('%s', (_name, operation, root, want) => {
    expect(read(operation, root)).toMatchObject(want)
  })

  it('lists alternatives (OR) of schemes (AND), following $refs, flagging what can be checked', () => {
    expect(
      read([
        { bearer: [], key: ['read'] },
        { oauth: ['a'] },
        { ref: [] },
        { basic: [], tls: [] },
        { session: [] },
      ]),
    ).toEqual({
      kind: 'required',
      alternatives: [
        {
          schemes: [
            { name: 'bearer', type: 'http', scheme: 'bearer', scopes: [], supported: true },
            {
              name: 'key',
              type: 'apiKey',
              in: 'header',
              paramName: 'X-API-Key',
              scopes: ['read'],
              supported: true,
            },
          ],
        },
        { schemes: [{ name: 'oauth', type: 'oauth2', scopes: ['a'], supported: false }] },
        {
          schemes: [
            {
              name: 'ref',
              type: 'apiKey',
              in: 'header',
              paramName: 'X-API-Key',
              scopes: [],
              supported: true,
            },
          ],
        },
        {
          schemes: [
            { name: 'basic', type: 'http', scheme: 'basic', scopes: [], supported: false },
            { name: 'tls', type: 'mutualTLS', scopes: [], supported: false },
          ],
        },
        {
          schemes: [
            { name: 'session', type: 'apiKey', in: 'cookie', paramName: 'sid', scopes: [], supported: true },
          ],
        },
      ],
    })
  })

  it.each([
    [
      'a non-list',
      { bearer: [] },
      SCHEMES,
      'operation-level `security` must be a list of requirement objects, got object.',
    ],
    [
      'a scalar entry',
      ['bearer'],
      SCHEMES,
      'security requirement at index 0 must be an object mapping scheme names to scope arrays, got string.',
    ],
    [
      'a list entry',
      [[]],
      SCHEMES,
      'security requirement at index 0 must be an object mapping scheme names to scope arrays, got array.',
    ],
    [
      'a malformed entry beside {}',
      [{}, 3],
      SCHEMES,
      'security requirement at index 1 must be an object mapping scheme names to scope arrays, got integer.',
    ],
    [
      'non-list scopes',
      [{ bearer: 'read' }],
      SCHEMES,
      "security requirement 'bearer' scopes must be a list of strings, got string.",
    ],
    [
      'a non-string scope',
      [{ bearer: [1] }],
      SCHEMES,
      "security requirement 'bearer' scope at index 0 must be a string, got integer.",
    ],
    [
      'an undefined scheme',
      [{ nope: [] }],
      SCHEMES,
      "security requirement references undefined scheme 'nope' — add it under components.securitySchemes.",
    ],
    [
      'a scheme without type',
      [{ s: [] }],
      { s: {} },
      "security scheme 's' is malformed: missing required 'type' field.",
    ],
    [
      'an unknown type',
      [{ s: [] }],
      { s: { type: 'magic' } },
      `security scheme 's' is malformed: unknown type "magic" (expected apiKey, http, oauth2, openIdConnect or mutualTLS).`,
    ],
    [
      'an apiKey without name',
      [{ s: [] }],
      { s: { type: 'apiKey', in: 'header' } },
      "security scheme 's' is malformed: apiKey scheme needs a non-empty string 'name'.",
    ],
    [
      'an apiKey in the body',
      [{ s: [] }],
      { s: { type: 'apiKey', in: 'body', name: 'k' } },
      `security scheme 's' is malformed: apiKey 'in' must be one of header, query, cookie, got "body".`,
    ],
    [
      'http without scheme',
      [{ s: [] }],
      { s: { type: 'http' } },
      "security scheme 's' is malformed: http scheme needs a non-empty 'scheme'.",
    ],
    [
      'a scheme that is a string',
      [{ s: [] }],
      { s: 'bearer' },
      "security scheme 's' is malformed: expected object, got string.",
    ],
    [
      'securitySchemes that is a list',
      [{ s: [] }],
      [],
      '`components.securitySchemes` must be an object, got array.',
    ],
  ])('throws CONTRACTTOOL_MALFORMED_SECURITY for %s', (_name, security, schemes, reason) => {
    expect(() => read(security, undefined, schemes)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_MALFORMED_SECURITY',
        message: `[security] GET /x: ${reason}`,
      }),
    )
  })

  it('names the root as the source of a malformed root declaration', () => {
    expect(() => read(undefined, 'bearer')).toThrow(
      '[security] GET /x: root-level `security` must be a list of requirement objects, got string.',
    )
  })
})
