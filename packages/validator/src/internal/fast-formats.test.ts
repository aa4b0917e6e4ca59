import { fullFormats } from 'ajv-formats/dist/formats.js'
import { describe, expect, it } from 'vitest'
import { isDate, isDateTime, isTime, isUri } from './fast-formats.js'

type Check = (value: string) => boolean

const original: Record<string, Check> = {
  uri: fullFormats.uri as Check,
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
  for (let i = 0; i < count; i++) {
    const chars = [...pick(seeds)]
    const edits = Math.floor(next() * 4)
    for (let j = 0; j < edits; j++) {
      const at = Math.floor(next() * (chars.length + 1))
      const kind = next()
      if (kind < 0.4) chars[at] = pick(alphabet)
      else if (kind < 0.7) chars.splice(at, 0, pick(alphabet))
      else chars.splice(at, 1)
    }
    yield chars.join('')
  }
}

const URIS = [
  'https://api.github.com/repos/octokit-fixture-org/hello-world/issues/1',
  'https://avatars.githubusercontent.com/u/31898046?v=4',
  'https://example.com:8080/a/b?c=d#e',
  'https://api.github.com/users/octokitbot/following{/other_user}',
  'https://example.com/%7Euser',
  'http://[::1]:80/',
  'mailto:user@example.com',
  'urn:isbn:0451450523',
  '/relative/path',
  'example.com',
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

describe('fast format checks', () => {
  const cases: { name: string; check: Check; seeds: readonly string[]; alphabet: string }[] = [
    { name: 'uri', check: isUri, seeds: URIS, alphabet: "aZ09+-._~!$&'()*,;=:/?#@[]%{} \u00e9\u017fA" },
    { name: 'date', check: isDate, seeds: DATES, alphabet: '0123456789-x \u0661' },
    { name: 'time', check: isTime, seeds: TIMES, alphabet: '0123456789:.+-Zzt x\u0661' },
    { name: 'date-time', check: isDateTime, seeds: DATE_TIMES, alphabet: '0123456789-:.+TtZz \t\u00a0x' },
  ]

  it.each(cases)('$name answers like ajv-formats', ({ name, check, seeds, alphabet }) => {
    const reference = original[name] as Check
    for (const value of seeds) expect(check(value), value).toBe(reference(value))
    for (const value of mutations(seeds, alphabet, 30_000, name.length)) {
      expect(check(value), value).toBe(reference(value))
    }
  })
})
