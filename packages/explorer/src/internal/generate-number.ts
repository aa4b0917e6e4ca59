import type { JsonObject } from '@contracttool/kernel'
import type { Random } from './random.js'
import { UngeneratableError } from './schema-env.js'

const DEFAULT_SPAN = 1000

interface Bounds {
  readonly lo: number | undefined
  readonly loExclusive: boolean
  readonly hi: number | undefined
  readonly hiExclusive: boolean
}

/** Reads the (flat, 3.1-style) bounds of a numeric schema. */
function readBounds(schema: JsonObject): Bounds {
  let lo = typeof schema.minimum === 'number' ? schema.minimum : undefined
  let loExclusive = false
  if (typeof schema.exclusiveMinimum === 'number' && (lo === undefined || schema.exclusiveMinimum >= lo)) {
    lo = schema.exclusiveMinimum
    loExclusive = true
  }
  let hi = typeof schema.maximum === 'number' ? schema.maximum : undefined
  let hiExclusive = false
  if (typeof schema.exclusiveMaximum === 'number' && (hi === undefined || schema.exclusiveMaximum <= hi)) {
    hi = schema.exclusiveMaximum
    hiExclusive = true
  }
  return { lo, loExclusive, hi, hiExclusive }
}

function rotate(index: number, lo: number, hi: number, random: Random): number {
  if (index % 3 === 0) return lo
  if (index % 3 === 1) return hi
  return random.int(lo, hi)
}

function clampSafe(n: number): number {
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(Number.MIN_SAFE_INTEGER, n))
}

function describeBounds(b: Bounds): string {
  const lo = b.lo === undefined ? '' : `${b.loExclusive ? '>' : '>='} ${b.lo}`
  const hi = b.hi === undefined ? '' : `${b.hiExclusive ? '<' : '<='} ${b.hi}`
  return [lo, hi].filter(Boolean).join(' and ')
}

/** A valid integer: minimum on `index % 3 == 0`, maximum on 1, a seeded draw in between on 2. */
export function generateInteger(schema: JsonObject, index: number, random: Random): number {
  const b = readBounds(schema)
  let lo = b.lo === undefined ? undefined : b.loExclusive ? Math.floor(b.lo) + 1 : Math.ceil(b.lo)
  let hi = b.hi === undefined ? undefined : b.hiExclusive ? Math.ceil(b.hi) - 1 : Math.floor(b.hi)
  if (lo === undefined && hi === undefined) [lo, hi] = [1, DEFAULT_SPAN]
  else if (hi === undefined) hi = lo! + DEFAULT_SPAN
  else if (lo === undefined) lo = hi - DEFAULT_SPAN
  lo = clampSafe(lo!)
  hi = clampSafe(hi)
  const m = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined
  if (m !== undefined) {
    const kLo = Math.ceil(lo / m)
    const kHi = Math.floor(hi / m)
    const candidates = [rotate(index, kLo, kHi, random), kLo, kHi]
    for (const k of candidates) {
      const value = k * m
      if (k >= kLo && k <= kHi && Number.isInteger(value)) return value
    }
    throw new UngeneratableError(`no integer multiple of ${m} is ${describeBounds(b) || 'representable'}`)
  }
  if (lo > hi) throw new UngeneratableError(`no integer is ${describeBounds(b)}`)
  return rotate(index, lo, hi, random)
}

function decimals(n: number): number {
  const text = String(n)
  const exponent = /e-(\d+)$/.exec(text)
  if (exponent !== null) return Number(exponent[1]) + (text.split('e')[0]!.split('.')[1]?.length ?? 0)
  return text.split('.')[1]?.length ?? 0
}

/** A valid number; the draw on `index % 3 == 2` is fractional when the bounds allow it. */
export function generateNumber(schema: JsonObject, index: number, random: Random): number {
  const b = readBounds(schema)
  let lo = b.lo
  let hi = b.hi
  if (lo === undefined && hi === undefined) [lo, hi] = [0, DEFAULT_SPAN]
  else if (hi === undefined) hi = lo! + DEFAULT_SPAN
  else if (lo === undefined) lo = hi - DEFAULT_SPAN
  const m = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : undefined
  if (m !== undefined) {
    const places = decimals(m)
    const kLo = b.loExclusive ? Math.floor(lo! / m) + 1 : Math.ceil(lo! / m)
    const kHi = b.hiExclusive ? Math.ceil(hi! / m) - 1 : Math.floor(hi! / m)
    if (kLo > kHi) throw new UngeneratableError(`no multiple of ${m} is ${describeBounds(b)}`)
    // Floating-point division makes some exact decimal multiples fail `x / m` integrality checks;
    // walk to the nearest k whose product passes them.
    const start = rotate(index, kLo, kHi, random)
    for (let step = 0; step < 64; step++) {
      for (const k of [start + step, start - step]) {
        if (k < kLo || k > kHi) continue
        const value = Number((k * m).toFixed(places))
        if (Number.isInteger(value / m)) return value
      }
    }
    return Number((start * m).toFixed(places))
  }
  const span = hi! - lo!
  if (span < 0 || (span === 0 && (b.loExclusive || b.hiExclusive))) {
    throw new UngeneratableError(`no number is ${describeBounds(b)}`)
  }
  const inner = Math.min(1, span / 4)
  const low = b.loExclusive ? lo! + inner : lo!
  const high = b.hiExclusive ? hi! - inner : hi!
  if (index % 3 === 0) return low
  if (index % 3 === 1) return high
  const drawn = Math.round((low + random.next() * (high - low)) * 100) / 100
  return drawn >= low && drawn <= high ? drawn : (low + high) / 2
}
