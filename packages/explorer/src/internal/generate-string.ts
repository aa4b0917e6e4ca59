import type { JsonObject } from '@contracttool/kernel'
import { compilePattern } from '@contracttool/pattern'
import type { Random } from './random.js'
import { UngeneratableError } from './schema-env.js'
import { type RepeatMode, synthesizePattern } from './synthesize-pattern.js'

const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const ALNUM = `${LOWER}0123456789`
const HEX = '0123456789abcdef'
const DEFAULT_MAX_LENGTH = 16
/** Longest string generated for a `maxLength` rotation; keeps replay lines readable. */
const LENGTH_CAP = 64

/** Length as JSON Schema counts it: in code points. */
function lengthOf(value: string): number {
  return Array.from(value).length
}

function word(random: Random, length: number, alphabet = LOWER): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[random.int(0, alphabet.length - 1)]
  return out
}

function pad2(n: number): string {
  return String(n).padStart(2, '0')
}

function date(random: Random): string {
  return `${random.int(2000, 2030)}-${pad2(random.int(1, 12))}-${pad2(random.int(1, 28))}`
}

function time(random: Random): string {
  return `${pad2(random.int(0, 23))}:${pad2(random.int(0, 59))}:${pad2(random.int(0, 59))}Z`
}

/** Value builders for the formats the generator knows; other formats are treated as plain strings. */
const FORMATS: Readonly<Record<string, (random: Random) => string>> = {
  email: (r) => `${word(r, 6)}@example.com`,
  'idn-email': (r) => `${word(r, 6)}@example.com`,
  uuid: (r) => {
    const h = (n: number) => word(r, n, HEX)
    return `${h(8)}-${h(4)}-4${h(3)}-${'89ab'[r.int(0, 3)]}${h(3)}-${h(12)}`
  },
  date,
  'date-time': (r) => `${date(r)}T${time(r)}`,
  time,
  duration: (r) => `P${r.int(1, 30)}DT${r.int(1, 23)}H`,
  uri: (r) => `https://example.com/${word(r, 8)}`,
  url: (r) => `https://example.com/${word(r, 8)}`,
  iri: (r) => `https://example.com/${word(r, 8)}`,
  'uri-reference': (r) => `https://example.com/${word(r, 8)}`,
  'iri-reference': (r) => `https://example.com/${word(r, 8)}`,
  'uri-template': (r) => `https://example.com/${word(r, 6)}/{id}`,
  hostname: (r) => `${word(r, 8)}.example.com`,
  'idn-hostname': (r) => `${word(r, 8)}.example.com`,
  ipv4: (r) => `${r.int(1, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
  ipv6: (r) => `2001:db8:${word(r, 4, HEX)}::${word(r, 4, HEX)}`,
  byte: (r) => Buffer.from(word(r, 9, ALNUM)).toString('base64'),
  'json-pointer': (r) => `/${word(r, 5)}/${word(r, 5)}`,
  'relative-json-pointer': (r) => `0/${word(r, 5)}`,
  regex: (r) => `^${word(r, 5)}$`,
  int32: (r) => String(r.int(1, 1000)),
  int64: (r) => String(r.int(1, 1000)),
  decimal: (r) => `${r.int(1, 1000)}.${pad2(r.int(0, 99))}`,
}

/** Formats whose values can grow to a minimum length, and how. */
const GROW: Readonly<Record<string, (value: string, extra: string) => string>> = {
  email: (v, extra) => extra + v,
  'idn-email': (v, extra) => extra + v,
  uri: (v, extra) => v + extra,
  url: (v, extra) => v + extra,
  iri: (v, extra) => v + extra,
  'uri-reference': (v, extra) => v + extra,
  'iri-reference': (v, extra) => v + extra,
  hostname: (v, extra) => `${extra}.${v}`,
  'idn-hostname': (v, extra) => `${extra}.${v}`,
}

/** True when the generator has a builder for `format`. */
export function isKnownFormat(format: string): boolean {
  return Object.hasOwn(FORMATS, format)
}

/** A valid string for a (flat) string schema, following the rotation of `generateValue` for lengths. */
export function generateString(schema: JsonObject, index: number, random: Random): string {
  const minLength =
    typeof schema.minLength === 'number' ? Math.max(0, Math.ceil(schema.minLength)) : undefined
  const maxLength = typeof schema.maxLength === 'number' ? Math.floor(schema.maxLength) : undefined
  const lo = minLength ?? (maxLength === 0 ? 0 : 1)
  const hi = maxLength ?? Math.max(lo, DEFAULT_MAX_LENGTH)
  if (hi < lo) throw new UngeneratableError(`string bounds cannot be met (minLength ${lo} > maxLength ${hi})`)
  const format = typeof schema.format === 'string' ? schema.format : undefined
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined

  if (format !== undefined && isKnownFormat(format)) {
    const value = fitFormat(
      format,
      FORMATS[format]!(random),
      lo,
      maxLength ?? Number.POSITIVE_INFINITY,
      random,
    )
    if (pattern === undefined || compilePattern(pattern)?.test(value) === true) return value
  }
  if (pattern !== undefined) return fromPattern(pattern, lo, hi, index, random)
  const capped = Math.max(lo, Math.min(hi, LENGTH_CAP))
  const length = index % 3 === 0 ? lo : index % 3 === 1 ? capped : Math.floor((lo + capped) / 2)
  return word(random, length, ALNUM)
}

function fitFormat(format: string, value: string, lo: number, hi: number, random: Random): string {
  const grow = GROW[format]
  let out = value
  if (out.length < lo && grow !== undefined) {
    out = grow(out, word(random, lo - out.length - (format.includes('hostname') ? 1 : 0)))
  }
  if (out.length < lo || out.length > hi) {
    const bounds =
      hi === Number.POSITIVE_INFINITY
        ? `of at least ${lo} characters`
        : `between ${lo} and ${hi} characters long`
    throw new UngeneratableError(`format '${format}' has no value ${lo === hi ? `of length ${lo}` : bounds}`)
  }
  return out
}

const MODES: readonly RepeatMode[] = ['short', 'long', 'random']
const PATTERN_ATTEMPTS = 24

function fromPattern(source: string, lo: number, hi: number, index: number, random: Random): string {
  const pattern = synthesizePattern(source)
  for (let attempt = 0; attempt < PATTERN_ATTEMPTS; attempt++) {
    const mode = attempt === 0 ? MODES[index % 3]! : attempt < 4 ? MODES[attempt - 1]! : 'random'
    let value = pattern.generate(random, mode)
    if (!pattern.test(value)) continue
    // JSON Schema patterns are unanchored: an unanchored side can take filler.
    const length = lengthOf(value)
    if (length < lo && !pattern.anchoredEnd) value += word(random, lo - length, ALNUM)
    else if (length < lo && !pattern.anchoredStart) value = word(random, lo - length, ALNUM) + value
    if (lengthOf(value) >= lo && lengthOf(value) <= hi && pattern.test(value)) return value
  }
  throw new UngeneratableError(
    `String pattern '${source}' yields no value between ${lo} and ${hi} characters long within ${PATTERN_ATTEMPTS} attempts`,
  )
}
