import { fullFormats } from 'ajv-formats/dist/formats.js'
import { describe, expect, it } from 'vitest'
import { isDate, isDateTime, isPlainUriTemplate, isTime, isUriTemplate } from './fast-formats.js'

type Check = (value: string) => boolean

const uriTemplate = fullFormats['uri-template'] as RegExp
const original: Record<string, Check> = {
  'uri-template': (value) => uriTemplate.test(value),
  date: (fullFormats.date as { validate: Check }).validate,
  time: (fullFormats.time as { validate: Check }).validate,
  'date-time': (fullFormats['date-time'] as { validate: Check }).validate,
}

// A small deterministic generator (mulberry32), so a failure always reproduces.
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Values near the given ones: each gets up to three characters replaced, inserted or removed.
function* mutations(seeds: readonly string[], alphabet: string, count: number, seed: number) {
  const next = random(seed)
  const pick = <T>(list: ArrayLike<T>): T => list[Math.floor(next() * list.length)] as T
  const letters = [...alphabet]
  for (let i = 0; i < count; i++) {
    const chars = [...pick(seeds)]
    const edits = Math.floor(next() * 4)
    for (let j = 0; j < edits; j++) {
      const at = Math.floor(next() * (chars.length + 1))
      const kind = next()
      if (kind < 0.4) chars[at] = pick(letters)
      else if (kind < 0.7) chars.splice(at, 0, pick(letters))
      else chars.splice(at, 1)
    }
    yield chars.join('')
  }
}

// Shapes from GitHub API bodies: the scanners exist for these, so they must not fall back.
const GITHUB_URIS = [
  'https://api.github.com/users/octocat/followers',
  'https://avatars.githubusercontent.com/u/583231?v=4',
  'https://github.com/octocat',
  'https://api.github.com/repos/octokit-fixture-org/hello-world/issues/1',
  'https://github.com/octocat/Hello-World/pull/1347#issuecomment-1',
  'https://api.github.com/search/issues?q=repo:octocat/Hello-World+is:open&page=2',
  'https://github.com/octocat/Hello-World.git',
  'git://github.com/octocat/Hello-World.git',
]
const GITHUB_TEMPLATES = [
  'https://api.github.com/repos/octocat/Hello-World/issues{/number}',
  'https://api.github.com/users/octocat/following{/other_user}',
  'https://api.github.com/notifications{?since,all,participating}',
  'https://api.github.com/repos/octocat/Hello-World/compare/{base}...{head}',
  'https://api.github.com/repos/octocat/Hello-World/contents/{+path}',
  'https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}',
  'https://api.github.com/repos/{owner}/{repo}',
  'https://github.com/octocat',
]

const URI_TEMPLATES = [
  ...GITHUB_TEMPLATES,
  ...GITHUB_URIS,
  '{owner}',
  '{?since,all}',
  '{,a}',
  '{a,b*,c:3}',
  '{var:1}',
  '{var:9999}',
  '{var:10000}',
  '{var:0}',
  '{var:}',
  '{list*}',
  '{list*:2}',
  '{#frag}',
  '{}',
  '{/}',
  '{a,}',
  '{a',
  'a}',
  '{{a}}',
  '{a b}',
  '{a-b}',
  '{a%20b}',
  'a%20b',
  '%7B{x}',
  '{%41}',
  '{a%2Cb,c:2}',
  'https://example.com/%E2%9C%93{?q}',
  '%2',
  '%zz',
  '{ä}',
  '{ſ}',
  'café/{x}',
  '😀{x}',
  '\u007f',
  'x y',
  'a"b',
  "a'b",
  'a<b>',
  'a\\b',
  'a^b',
  'a`b',
  'a|b',
  'a\u0000b',
  '',
]
const TIMES = [
  '09:30:00Z',
  '23:59:60Z',
  '00:59:60+01:00',
  '23:59:60.5-00:00',
  '12:00:00.123+0530',
  '10:00:00+05',
]
const DATES = [
  '2024-01-15',
  '2024-02-29',
  '2023-02-29',
  '1900-02-29',
  '2000-02-29',
  '2024-04-31',
  '0000-12-31',
]
const DATE_TIMES = DATES.flatMap((date) => TIMES.map((time, i) => `${date}${'Tt '[i % 3]}${time}`))

const FUZZ_VALUES = 30_000

// Every UTF-16 code unit, lone surrogates included, in place of the `•` at each step of the scanners:
// a wrong entry in their class tables shows up here even where the fuzz alphabets do not reach.
const CODE_UNITS = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
const TEMPLATE_STEPS = [
  '•',
  'a•b',
  '{•}',
  '{•a}',
  '{+•}',
  '{a•',
  '{a•}',
  '{a,•}',
  '{a:•}',
  '{a:1•',
  '{a:1•}',
  '{a:1234•}',
  '{a*•',
  '{a*•}',
]

describe('fast format checks', () => {
  const cases: {
    name: string
    check: Check
    seeds: readonly string[]
    alphabet: string
    // The scanner in front of the fallback to ajv-formats, where there is one.
    isPlain?: Check
  }[] = [
    {
      name: 'uri-template',
      check: isUriTemplate,
      seeds: URI_TEMPLATES,
      alphabet: 'aZ09_{}[]/?,:*+#.;&=!@|%-~ "\'<>\\^`\u00e9\u017f\u212a\u007f\u0000',
      isPlain: isPlainUriTemplate,
    },
    { name: 'date', check: isDate, seeds: DATES, alphabet: '0123456789-x \u0661' },
    { name: 'time', check: isTime, seeds: TIMES, alphabet: '0123456789:.+-Zzt x\u0661' },
    { name: 'date-time', check: isDateTime, seeds: DATE_TIMES, alphabet: '0123456789-:.+TtZz \t\u00a0x' },
  ]

  it.each(cases)('$name answers like ajv-formats', ({ name, check, seeds, alphabet, isPlain }) => {
    const reference = original[name] as Check
    const values = [...seeds, ...mutations(seeds, alphabet, FUZZ_VALUES, name.length)]
    const differences = values.filter((value) => check(value) !== reference(value))
    expect(differences).toEqual([])
    // A fuzz whose values all pass, or all fail, would compare nothing worth comparing; one whose
    // valid values all take the scanner, or all the fallback, would test only half of the check.
    const accepted = values.filter((value) => reference(value))
    const scanned = isPlain ? accepted.filter((value) => isPlain(value)).length : 0
    expect(accepted.length).toBeGreaterThan(values.length / 20)
    expect(accepted.length).toBeLessThan(values.length - values.length / 20)
    if (isPlain) {
      expect(scanned).toBeGreaterThan(accepted.length / 20)
      expect(scanned).toBeLessThan(accepted.length - accepted.length / 100)
    }
  })

  it.each([{ name: 'uri-template', check: isUriTemplate, steps: TEMPLATE_STEPS }])(
    '$name answers like ajv-formats for every code unit at every scanner step',
    ({ name, check, steps }) => {
      const reference = original[name] as Check
      const differences = steps.flatMap((step) =>
        CODE_UNITS.map((unit) => step.replace('•', unit)).filter(
          (value) => check(value) !== reference(value),
        ),
      )
      expect(differences).toEqual([])
    },
  )

  it.each([{ name: 'uri-template', isPlain: isPlainUriTemplate, shapes: GITHUB_TEMPLATES }])(
    '$name scans the GitHub shapes without falling back',
    ({ isPlain, shapes }) => {
      expect(shapes.filter((value) => !isPlain(value))).toEqual([])
    },
  )
})
