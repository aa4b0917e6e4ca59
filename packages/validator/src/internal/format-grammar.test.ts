import { propertyRuns } from '@contracttool/test-kit'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isDate, isDateTime, isIpv6, isPlainUri, isTime, isUri, isUriReference } from './fast-formats.js'

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

// IP literals in authorities, with near misses of their own: the one hand-spelled part of the checks.
const ipLiteralUri = fc
  .tuple(scheme, fc.oneof(ipv6, ipvFuture), optional(star(chars(DIGIT), 5), ':'), pathAbempty)
  .map(([s, literal, port, path]) => `${s}://[${literal}]${port}${path}`)
const IP_ALPHABET = '0123456789aF:.[]v'
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
        fc.oneof(nearMisses(valid, URI_ALPHABET), nearMisses(ipLiteralUri, IP_ALPHABET), arbitrary),
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

// ---- the other string formats; their checks are ajv-formats' own, or the ones in fast-formats.ts ----

const ajv = (name: string): Check => {
  const format = fullFormats[name as keyof typeof fullFormats]
  if (format instanceof RegExp) return (value) => format.test(value)
  return (format as { validate: Check }).validate
}

// RFC 9562 section 4 (RFC 4122 section 3): `8HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 12HEXDIG`,
// any version and variant; ajv-formats also takes the URN form, `urn:uuid:` in any case (RFC 9562
// section 4, RFC 8141: the URN prefix and namespace are case-insensitive).
function referenceUuid(value: string): boolean {
  const uuid = value.slice(0, 9).toLowerCase() === 'urn:uuid:' ? value.slice(9) : value
  const groups = uuid.split('-')
  const sizes = [8, 4, 4, 4, 12]
  return (
    groups.length === 5 &&
    groups.every((group, i) => group.length === sizes[i] && [...group].every((c) => HEXDIG.includes(c)))
  )
}

// RFC 1123 section 2.1 (RFC 952): labels of letters, digits and `-`, not starting or ending with
// `-`, 1 to 63 characters each, 253 in all; ajv-formats takes one final `.` (the root) besides.
function referenceHostname(value: string): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value
  if (name.length < 1 || name.length > 253) return false
  return name.split('.').every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))
}

// RFC 5322 section 3.4.1 `addr-spec`, as ajv-formats defines it: a `dot-atom` local part (section
// 3.2.3 `atext`, no quoted strings or comments) and a domain of two or more RFC 1123 labels (no
// address literals; labels without a length limit).
const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/
function referenceEmail(value: string): boolean {
  const parts = value.split('@')
  if (parts.length !== 2) return false
  const [local, domain] = parts as [string, string]
  const labels = domain.split('.')
  return (
    local.split('.').every((atom) => ATEXT.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(label))
  )
}

// RFC 3339 section 5.6: `full-date`, with `date-mday` checked against month and year (section 5.7,
// appendix C).
function referenceDate(value: string): boolean {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

// RFC 3339 section 5.6: `full-time = partial-time time-offset`, `time-secfrac = "." 1*DIGIT`,
// `time-offset = "Z" / ("+" / "-") time-hour ":" time-minute`, `Z` in either case (section 5.6
// note). Second 60 only where the UTC time is 23:59 (a leap second, section 5.7). ajv-formats also
// takes offsets in the basic ISO 8601 forms `±hhmm` and `±hh`: so does this reference.
function referenceTime(value: string): boolean {
  const match =
    /^([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2})(?::?([0-9]{2}))?)$/.exec(value)
  if (!match) return false
  const [hour, minute, second] = match.slice(1, 4).map(Number) as [number, number, number]
  const sign = match[4] === '-' ? -1 : 1
  const offsetHour = Number(match[5] ?? 0)
  const offsetMinute = Number(match[6] ?? 0)
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false
  if (second < 60) return true
  const utc = ((((hour - sign * offsetHour) * 60 + minute - sign * offsetMinute) % 1440) + 1440) % 1440
  return utc === 23 * 60 + 59
}

// RFC 3339 section 5.6: `date-time = full-date "T" full-time`, `T` in either case; ajv-formats also
// takes one white-space character there (the section 5.6 note allows a space): so does this reference.
function referenceDateTime(value: string): boolean {
  const separator = value.charAt(10)
  return (
    (separator === 'T' || separator === 't' || /^\s$/.test(separator)) &&
    referenceDate(value.slice(0, 10)) &&
    referenceTime(value.slice(11))
  )
}

const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'))
const hexString = (length: number) => join(fc.array(hexdig, { minLength: length, maxLength: length }))
const uuid = fc
  .tuple(
    fc.constantFrom('', 'urn:uuid:', 'URN:UUID:'),
    hexString(8),
    hexString(4),
    hexString(4),
    hexString(4),
    hexString(12),
  )
  .map(([prefix, ...groups]) => prefix + groups.join('-'))
const letDig = chars(`${ALPHA}${DIGIT}`)
const label = (max: number) =>
  fc.oneof(
    letDig,
    fc.tuple(letDig, star(fc.oneof(letDig, chars('-')), max), letDig).map(([a, b, c]) => a + b + c),
  )
const hostname = fc
  .tuple(fc.array(label(61), { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([labels, root]) => labels.join('.') + (root ? '.' : ''))
  .filter((name) => name.replace(/\.$/, '').length <= 253)
const email = fc
  .tuple(
    fc.array(plus(chars(`${ALPHA}${DIGIT}!#$%&'*+/=?^_\`{|}~-`)), { minLength: 1, maxLength: 3 }),
    fc.array(label(8), { minLength: 2, maxLength: 4 }),
  )
  .map(([atoms, labels]) => `${atoms.join('.')}@${labels.join('.')}`)
const date = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(
    ([y, m, d]) =>
      `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  )
  .filter(referenceDate)
const offset = fc.oneof(
  chars('Zz'),
  fc
    .tuple(chars('+-'), twoDigits(23), twoDigits(59), fc.constantFrom(':', ''))
    .map(([s, h, m, colon]) => `${s}${h}${colon}${m}`),
)
const time = fc
  .tuple(twoDigits(23), twoDigits(59), twoDigits(59), optional(plus(chars(DIGIT), 4), '.'), offset)
  .map(([h, m, s, frac, z]) => `${h}:${m}:${s}${frac}${z}`)
const leapSecond = offset.map((z) => `23:59:60${z}`).filter(referenceTime)
const dateTime = fc.tuple(date, chars('Tt '), fc.oneof(time, leapSecond)).map(([d, t, tm]) => `${d}${t}${tm}`)

describe.each([
  {
    name: 'ipv4',
    check: ajv('ipv4'),
    reference: (value: string) => IPV4.test(value),
    valid: ipv4,
    alphabet: '0123456789.:a ',
  },
  {
    name: 'ipv6',
    check: isIpv6,
    // The check that replaces ajv-formats' gives its answers too.
    previous: ajv('ipv6'),
    reference: referenceIpv6,
    valid: ipv6,
    alphabet: '0123456789abcdefABCDEFg:.[] ',
  },
  {
    name: 'uuid',
    check: ajv('uuid'),
    reference: referenceUuid,
    valid: uuid,
    alphabet: '0123456789abcdefABCDEFg-:nu ',
  },
  {
    name: 'hostname',
    check: ajv('hostname'),
    reference: referenceHostname,
    valid: hostname,
    alphabet: 'aZ09-._ \u00e9\u212a',
  },
  {
    name: 'email',
    check: ajv('email'),
    reference: referenceEmail,
    valid: email,
    alphabet: 'aZ09-.@_!"()[] \u00e9\u212a',
  },
  { name: 'date', check: isDate, reference: referenceDate, valid: date, alphabet: '0123456789- x\u0661' },
  {
    name: 'time',
    check: isTime,
    reference: referenceTime,
    valid: time,
    alphabet: '0123456789:.+-Zz x\u0661',
  },
  {
    name: 'date-time',
    check: isDateTime,
    reference: referenceDateTime,
    valid: dateTime,
    alphabet: '0123456789-:.+TtZz \t\u00a0x',
  },
] as {
  name: string
  check: Check
  previous?: Check
  reference: Check
  valid: fc.Arbitrary<string>
  alphabet: string
}[])('$name', ({ check, previous, reference, valid, alphabet }) => {
  it('accepts every value generated from the ABNF', () => {
    fc.assert(
      fc.property(valid, (value) => reference(value) && check(value)),
      propertyRuns(),
    )
  })

  it('answers like the reference on near misses and arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(nearMisses(valid, alphabet), arbitrary),
        (value) =>
          check(value) === reference(value) && (previous === undefined || previous(value) === check(value)),
      ),
      propertyRuns(),
    )
    const values = fc.sample(nearMisses(valid, alphabet), { numRuns: 2000, seed: 11 })
    const accepted = values.filter(reference).length
    expect(accepted).toBeGreaterThan(values.length / 50)
    expect(accepted).toBeLessThan(values.length - values.length / 20)
  })
})
