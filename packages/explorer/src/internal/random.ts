/** A deterministic source of randomness; every generated value draws from one of these. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max] (both inclusive, both safe integers, min <= max). */
  int(min: number, max: number): number
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, as in PractRand), seeded through
 * splitmix32 so that neighbouring seeds give unrelated streams. Chosen over `Math.random` because
 * the same seed must give the same cases on every machine and Node version.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = splitmix()
  let b = splitmix()
  let c = splitmix()
  let d = splitmix()
  const next32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    c = (c + t) >>> 0
    return t
  }
  for (let i = 0; i < 12; i++) next32()
  const next = (): number => next32() / 0x100000000
  return {
    next,
    int(min, max) {
      const span = max - min + 1
      if (span <= 0x100000000) return min + Math.floor(next() * span)
      // Wide ranges (int64 bounds clamped to safe integers) need more than 32 bits.
      const wide = next32() * 0x100000000 + next32()
      return min + (wide % span)
    },
    pick(items) {
      return items[Math.floor(next() * items.length)]!
    },
  }
}
