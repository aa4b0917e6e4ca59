import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { ExploredCase } from './explored-case.js'
import { ExplorerErrorCode } from './explorer-error-code.js'

const base = new ExploredCase({
  method: 'POST',
  matchedPath: '/shops/{shopId}/pets/{petId}',
  pathParams: { shopId: 'north & south', petId: "o'neil/7" },
  query: { tag: ['a b', 'c+d'], api_key: 's3cr3t', limit: '5' },
  headers: { 'X-Request-Id': 'r-1', 'X-Api-Key': 'k-1', Authorization: 'Bearer t' },
  cookies: { session: 'abc', theme: 'dark' },
  body: { name: "Tom's", tags: [], meta: {} },
  seed: 7,
  caseIndex: 2,
})

describe('ExploredCase.uri', () => {
  it.each([
    {
      given: base,
      prefix: '',
      want: '/shops/north%20%26%20south/pets/o%27neil%2F7?tag=a+b&tag=c%2Bd&api_key=s3cr3t&limit=5',
    },
    { given: base.withQuery({}), prefix: '/api', want: '/api/shops/north%20%26%20south/pets/o%27neil%2F7' },
    { given: base.withPathParams({ shopId: '1' }).withQuery({}), prefix: '', want: '/shops/1/pets/{petId}' },
  ])('renders $want', ({ given, prefix, want }) => {
    expect(given.uri(prefix)).toBe(want)
  })
})

describe('ExploredCase.bodyAsJson', () => {
  it.each([
    { body: { name: "Tom's", tags: [], meta: {} }, want: `{"name":"Tom's","tags":[],"meta":{}}` },
    { body: [], want: '[]' },
    { body: {}, want: '{}' },
    { body: null, want: 'null' },
  ])('keeps $want as written', ({ body, want }) => {
    expect(base.withBody(body).bodyAsJson()).toBe(want)
  })
})

describe('ExploredCase.curl', () => {
  it('redacts credentials, cookies and secret-looking names by default', () => {
    expect(base.curl('http://127.0.0.1:3000')).toMatchInlineSnapshot(
      `"curl -X POST 'http://127.0.0.1:3000/shops/north%20%26%20south/pets/o%27neil%2F7?tag=a+b&tag=c%2Bd&api_key=<redacted>&limit=5' -H 'X-Request-Id: r-1' -H 'X-Api-Key: <redacted>' -H 'Authorization: <redacted>' -H 'Cookie: <redacted>' -H 'Content-Type: application/json' --data '{"name":"Tom'\\''s","tags":[],"meta":{}}'"`,
    )
  })

  it('prints every value with redact: false', () => {
    expect(base.withQuery({}).withBody(null).curl('', { redact: false })).toMatchInlineSnapshot(
      `"curl -X POST '/shops/north%20%26%20south/pets/o%27neil%2F7' -H 'X-Request-Id: r-1' -H 'X-Api-Key: k-1' -H 'Authorization: Bearer t' -H 'Cookie: session=abc; theme=dark'"`,
    )
  })

  it('keeps one line when a value carries line breaks', () => {
    expect(base.withHeaders({ 'X-Note': 'a\r\nb' }).withQuery({}).withCookies({}).withBody(null).curl()).toBe(
      "curl -X POST '/shops/north%20%26%20south/pets/o%27neil%2F7' -H 'X-Note: a b'",
    )
  })
})

describe('ExploredCase immutability', () => {
  it('freezes the case, its maps and its body', () => {
    expect(Object.isFrozen(base)).toBe(true)
    expect(Object.isFrozen(base.headers)).toBe(true)
    expect(Object.isFrozen(base.body)).toBe(true)
    expect(Object.isFrozen((base.body as { tags: unknown }).tags)).toBe(true)
  })

  it('copies instead of changing', () => {
    const copy = base.withMethod('PUT').withHeaders({}).withCookies({ a: '1' })
    expect([copy.method, copy.headers, copy.cookies, copy.seed, copy.caseIndex]).toEqual([
      'PUT',
      {},
      { a: '1' },
      7,
      2,
    ])
    expect([base.method, base.headers['X-Request-Id'], base.cookies.session]).toEqual(['POST', 'r-1', 'abc'])
  })

  it('detaches from the body it was given', () => {
    const body = { name: 'a' }
    const created = base.withBody(body)
    body.name = 'b'
    expect(created.body).toEqual({ name: 'a' })
  })

  it('refuses methods the explorer does not support', () => {
    const attempt = () =>
      new ExploredCase({ method: 'HEAD' as never, matchedPath: '/', seed: 0, caseIndex: 0 })
    expect(attempt).toThrow(/must be one of GET, POST, PUT, PATCH, DELETE, QUERY, received 'HEAD'/)
    try {
      attempt()
    } catch (error) {
      expect(isContractToolError(error) && error.code).toBe(ExplorerErrorCode.UnsupportedMethod)
    }
  })
})
