import { propertyRuns } from '@contracttool/test-kit'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPlainUri, isUri, isUriReference } from './fast-formats.js'

// Each enforced format check against a reference written rule by rule from its RFC's ABNF, on
// strings generated from the same ABNF, on near misses (valid strings with a few characters
// replaced, inserted or removed) and on arbitrary strings. The references favour being plainly
// right over being fast.

type Check = (value: string) => boolean

// RFC 5234 appendix B.1 core rules. ABNF strings are case-insensitive, so HEXDIG takes `a-f` too.
const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const DIGIT = '0123456789'
const HEXDIG = `${DIGIT}ABCDEFabcdef`

// ---- references ----

// RFC 3986 section 3.2.2: `IPv4address`, four `dec-octet`s, none with a leading zero.
const DEC_OCTET = '(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])'
const IPV4 = new RegExp(`^${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}$`)
const H16 = /^[0-9A-Fa-f]{1,4}$/

// RFC 3986 section 3.2.2 (RFC 4291 section 2.2): `IPv6address`, read as its nine ABNF branches say:
// eight 16-bit groups, the last two of which may be an `IPv4address`; or, with one `::`, at most seven.
function referenceIpv6(value: string): boolean {
  const halves = value.split('::')
  if (halves.length > 2) return false
  const last = halves[halves.length - 1] as string
  let groups = 0
  for (const half of halves) {
    if (half === '') continue
    const parts = half.split(':')
    for (const [i, part] of parts.entries()) {
      if (half === last && i === parts.length - 1 && IPV4.test(part)) groups += 2
      else if (H16.test(part)) groups += 1
      else return false
    }
  }
  return halves.length === 1 ? groups === 8 : groups <= 7
}

// RFC 3986 section 2 and 3: the character rules.
const UNRESERVED = '[A-Za-z0-9\\-._~]'
const PCT_ENCODED = '%[0-9A-Fa-f][0-9A-Fa-f]'
const SUB_DELIMS = "[!$&'()*+,;=]"
const PCHAR = `(?:${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS}|[:@])`
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/
const USERINFO = new RegExp(`^(?:${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS}|:)*$`)
const REG_NAME = new RegExp(`^(?:${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS})*$`)
const IPV_FUTURE = new RegExp(`^[vV][0-9A-Fa-f]+\\.(?:${UNRESERVED}|${SUB_DELIMS}|:)+$`)
const PORT = /^[0-9]*$/
const SEGMENT = new RegExp(`^${PCHAR}*$`)
const QUERY = new RegExp(`^(?:${PCHAR}|[/?])*$`)

// RFC 3986 appendix B: the expression that splits any string into its five components.
const COMPONENTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s

// Section 3.2: `authority = [ userinfo "@" ] host [ ":" port ]`, `host = IP-literal / IPv4address / reg-name`.
function referenceAuthority(authority: string): boolean {
  const at = authority.indexOf('@')
  if (at >= 0 && !USERINFO.test(authority.slice(0, at))) return false
  const hostPort = authority.slice(at + 1)
  let portAt: number
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']')
    const literal = hostPort.slice(1, close)
    if (close < 0 || !(referenceIpv6(literal) || IPV_FUTURE.test(literal))) return false
    portAt = close + 1
  } else {
    portAt = hostPort.includes(':') ? hostPort.indexOf(':') : hostPort.length
    const host = hostPort.slice(0, portAt)
    if (!(IPV4.test(host) || REG_NAME.test(host))) return false
  }
  const rest = hostPort.slice(portAt)
  return rest === '' || (rest.startsWith(':') && PORT.test(rest.slice(1)))
}

// The components of a `URI` (`absolute`) or a `relative-ref`. Appendix B leaves to the path
// everything the other components cannot hold, so `path-abempty` after an authority always starts
// with `/` or is empty, and a path without one never starts with `//`. A `relative-ref` is one
// without a scheme, whose path is a `path-absolute`, `path-empty` or `path-noscheme` (a first
// segment without `:`).
function referenceComponents(value: string, absolute: boolean): boolean {
  const match = COMPONENTS.exec(value)
  if (!match) return false
  const [, scheme, authority, path, query, fragment] = match
  if (absolute ? scheme === undefined || !SCHEME.test(scheme) : scheme !== undefined) return false
  if (authority !== undefined && !referenceAuthority(authority)) return false
  const segments = (path as string).split('/')
  if (!segments.every((segment) => SEGMENT.test(segment))) return false
  if (!absolute && authority === undefined && (segments[0] as string).includes(':')) return false
  return (query === undefined || QUERY.test(query)) && (fragment === undefined || QUERY.test(fragment))
}

// RFC 3986 section 3: `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
const referenceUri: Check = (value) => referenceComponents(value, true)
// Section 4.1: `URI-reference = URI / relative-ref`.
const referenceUriReference: Check = (value) => referenceUri(value) || referenceComponents(value, false)

// ---- generators, from the same ABNF ----

const chars = (set: string) => fc.constantFrom(...set)
const join = (parts: fc.Arbitrary<string[]>) => parts.map((list) => list.join(''))
const star = (unit: fc.Arbitrary<string>, maxLength = 6) => join(fc.array(unit, { maxLength }))
const plus = (unit: fc.Arbitrary<string>, maxLength = 6) => join(fc.array(unit, { minLength: 1, maxLength }))
const optional = (part: fc.Arbitrary<string>, before = '', after = '') =>
  fc.option(part, { nil: undefined }).map((value) => (value === undefined ? '' : `${before}${value}${after}`))

const hexdig = chars(HEXDIG)
const unreserved = chars(`${ALPHA}${DIGIT}-._~`)
const pctEncoded = fc.tuple(hexdig, hexdig).map(([a, b]) => `%${a}${b}`)
const subDelims = chars("!$&'()*+,;=")
const pchar = fc.oneof(unreserved, pctEncoded, subDelims, chars(':@'))

const decOctet = fc.integer({ min: 0, max: 255 }).map(String)
const ipv4 = fc.tuple(decOctet, decOctet, decOctet, decOctet).map((octets) => octets.join('.'))
const h16 = join(fc.array(hexdig, { minLength: 1, maxLength: 4 }))
// Eight groups, or at most seven around one `::`; an `IPv4address` stands for the last two.
const ipv6 = fc.oneof(
  fc
    .tuple(fc.array(h16, { minLength: 8, maxLength: 8 }), ipv4, fc.boolean())
    .map(([groups, v4, withV4]) => (withV4 ? [...groups.slice(0, 6), v4] : groups).join(':')),
  fc.tuple(fc.array(h16, { maxLength: 7 }), fc.nat(), ipv4, fc.boolean()).map(([h16s, at, v4, withV4]) => {
    const groups = withV4 && h16s.length <= 5 ? [...h16s, v4] : h16s
    const split = groups.length > h16s.length ? at % groups.length : at % (groups.length + 1)
    return `${groups.slice(0, split).join(':')}::${groups.slice(split).join(':')}`
  }),
)

const scheme = fc.tuple(chars(ALPHA), star(chars(`${ALPHA}${DIGIT}+-.`))).map(([a, b]) => a + b)
const userinfo = star(fc.oneof(unreserved, pctEncoded, subDelims, chars(':')))
const ipvFuture = fc
  .tuple(chars('vV'), plus(hexdig), plus(fc.oneof(unreserved, subDelims, chars(':'))))
  .map(([v, version, rest]) => `${v}${version}.${rest}`)
const regName = star(fc.oneof(unreserved, pctEncoded, subDelims), 12)
const host = fc.oneof(
  regName,
  ipv4,
  fc.oneof(ipv6, ipvFuture).map((literal) => `[${literal}]`),
)
const authority = fc
  .tuple(optional(userinfo, '', '@'), host, optional(star(chars(DIGIT), 5), ':'))
  .map(([user, name, port]) => user + name + port)
const segment = star(pchar)
const segmentNz = plus(pchar)
const segmentNzNc = plus(fc.oneof(unreserved, pctEncoded, subDelims, chars('@')))
const moreSegments = star(
  segment.map((s) => `/${s}`),
  4,
)
const pathAbempty = moreSegments
const pathAbsolute = optional(fc.tuple(segmentNz, moreSegments).map(([a, b]) => a + b)).map(
  (path) => `/${path}`,
)
const pathRootless = fc.tuple(segmentNz, moreSegments).map(([a, b]) => a + b)
const pathNoscheme = fc.tuple(segmentNzNc, moreSegments).map(([a, b]) => a + b)
const query = star(fc.oneof(pchar, chars('/?')), 10)
const withAuthority = fc.tuple(authority, pathAbempty).map(([a, p]) => `//${a}${p}`)
const tail = fc.tuple(optional(query, '?'), optional(query, '#')).map(([q, f]) => q + f)
const uri = fc
  .tuple(scheme, fc.oneof(withAuthority, pathAbsolute, pathRootless, fc.constant('')), tail)
  .map(([s, hier, rest]) => `${s}:${hier}${rest}`)
const relativeRef = fc
  .tuple(fc.oneof(withAuthority, pathAbsolute, pathNoscheme, fc.constant('')), tail)
  .map(([part, rest]) => part + rest)

// Valid values with up to three characters replaced, inserted or removed, from `alphabet`.
function nearMisses(valid: fc.Arbitrary<string>, alphabet: string): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), chars(alphabet))
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([value, edits]) => {
    const units = [...value]
    for (const [at, kind, unit] of edits) {
      const i = at % (units.length + 1)
      if (kind === 0) units[i] = unit
      else if (kind === 1) units.splice(i, 0, unit)
      else units.splice(i, 1)
    }
    return units.join('')
  })
}

// Any string: printable ASCII, or any UTF-16 code units (lone surrogates included).
const arbitrary = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }))

const URI_ALPHABET = 'aZ09%:/?#@[]._~-!$&\'()*+,;=vF "<>\\^`{|}\u00e9\u017f\u212a\n\u0000'

const ajvUri = fullFormats.uri as Check
const ajvUriReference = fullFormats['uri-reference'] as RegExp

describe.each([
  { name: 'uri', check: isUri, reference: referenceUri, valid: uri },
  {
    name: 'uri-reference',
    check: isUriReference,
    reference: referenceUriReference,
    valid: fc.oneof(uri, relativeRef),
  },
])('$name', ({ check, reference, valid }) => {
  it('accepts every value generated from the RFC 3986 ABNF', () => {
    fc.assert(
      fc.property(valid, (value) => reference(value) && check(value)),
      propertyRuns(),
    )
  })

  it('answers like the ABNF reference on near misses and arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(nearMisses(valid, URI_ALPHABET), arbitrary),
        (value) => check(value) === reference(value),
      ),
      propertyRuns(),
    )
  })
})

describe('uri and uri-reference against ajv-formats', () => {
  it('near misses mix accepted and rejected values', () => {
    const values = fc.sample(nearMisses(fc.oneof(uri, relativeRef), URI_ALPHABET), { numRuns: 5000, seed: 7 })
    const accepted = values.filter((value) => referenceUriReference(value)).length
    expect(accepted).toBeGreaterThan(values.length / 20)
    expect(accepted).toBeLessThan(values.length - values.length / 20)
  })

  // Where ajv-formats' expressions stray from RFC 3986, the checks follow the RFC.
  it.each([
    { value: 'urn:', uri: true, why: 'path-empty' },
    { value: 'mailto:?to=octocat%40github.com', uri: true, why: 'path-empty and a query' },
    { value: 'a:/[::1]', uri: false, why: 'an IP literal in a path-absolute' },
    { value: 'http://[::1.2.3.04]/', uri: false, why: 'dec-octet with a leading zero' },
    {
      value: 'http://a"b/',
      uri: false,
      why: '" in reg-name (ajv-formats uri-reference only)',
      reference: true,
    },
    { value: '/a"b', uri: false, why: '" in a segment (ajv-formats uri-reference only)', reference: true },
    { value: 'a!:b', uri: false, why: ': in the first segment of a path-noscheme', reference: true },
  ])('$value: $why', ({ value, uri, reference }) => {
    expect(isUri(value)).toBe(uri)
    expect(referenceUri(value)).toBe(uri)
    expect(isUriReference(value)).toBe(uri)
    expect(referenceUriReference(value)).toBe(uri)
    if (reference) expect(ajvUriReference.test(value)).not.toBe(uri)
    else expect(ajvUri(value)).not.toBe(uri)
  })
})

// Shapes from GitHub API bodies: the first expression exists for these, so they must not need the second.
const GITHUB_URIS = [
  'https://api.github.com/repos/octocat/Hello-World/issues/1347',
  'https://avatars.githubusercontent.com/u/583231?v=4',
  'https://github.com/octocat/Hello-World/pull/1347#issuecomment-1',
  'https://api.github.com/search/issues?q=repo:octocat/Hello-World+is:open&page=2',
  'git://github.com/octocat/Hello-World.git',
  'mailto:octocat@github.com',
]
const URIS = [
  ...GITHUB_URIS,
  'https://example.com:8080/a/b?c=d#e',
  'HTTPS://API.GITHUB.COM/Users/OctoCat',
  'Git+SSH.v2-x://github.com/x.git',
  'file:///x',
  'a://',
  'http://localhost:3000',
  'http://host:',
  'http://host:/x',
  'http://host:abc',
  'http://host:80:90/',
  'https://example.com/search?q=a/b?c&d=e:f@g',
  'https://example.com/#frag/ment?x=y',
  'https://example.com/#a#b',
  "https://example.com/it's(1)*+,;=~!$&",
  'https://example.com/%7Euser',
  'https://example.com/%7e?%2F#%zz',
  'http://[::1]:80/',
  'http://[v1.x]/',
  'http://192.168.0.1/',
  'https://user:pass@example.com/',
  'https://@example.com',
  'https://example.com/a b',
  'https://example.com/a>',
  'https://example.com/"quoted"',
  'https://example.com/\\',
  'https://example.com/café',
  'https://ſ.example/',
  'https://\u212aelvin.example/',
  'https://example.com/😀',
  'https://example.com/\u0000',
  'https://example.com/\t',
  'https://exa\nmple.com',
  'https://example.com\u007f',
  'http:/x',
  'http:x',
  'ht tp://x',
  '1http://x',
  '+http://x',
  'mailto:user@example.com',
  'urn:isbn:0451450523',
  '/relative/path',
  'example.com',
  'a:',
  '',
]
// Every UTF-16 code unit, lone surrogates included, in place of the `•` at each step of the checks.
const CODE_UNITS = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
const URI_STEPS = [
  '•://x',
  'a•://x',
  'a:•//x',
  'a:/•/x',
  'a://•',
  'a://x•',
  'a://x:•',
  'a://x:1•',
  'a://x/•',
  'a://x?•',
  'a://x#•',
  'a:•',
  'a:/•',
  'a://[•]',
  'a://[::•]',
  'a://[v1.•]',
  'a://u•@x',
  '/•',
  '•/a',
]

describe('uri examples', () => {
  it('GitHub shapes take the first expression', () => {
    expect(GITHUB_URIS.filter((value) => !isPlainUri(value))).toEqual([])
  })

  it.each([
    { name: 'uri', check: isUri, reference: referenceUri },
    { name: 'uri-reference', check: isUriReference, reference: referenceUriReference },
  ])(
    '$name answers like the ABNF reference on examples and every code unit at every step',
    ({ check, reference }) => {
      const values = [
        ...URIS,
        ...URI_STEPS.flatMap((step) => CODE_UNITS.map((unit) => step.replace('•', unit))),
      ]
      expect(values.filter((value) => check(value) !== reference(value))).toEqual([])
    },
  )
})
