import { describe, expect, it } from 'vitest'
import { createRandom } from './random.js'

describe('createRandom', () => {
  it('gives the same stream for the same seed and another one for another seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed)
      return Array.from({ length: 8 }, () => random.int(0, 1_000_000))
    }
    expect(draw(1)).toEqual(draw(1))
    expect(draw(1)).not.toEqual(draw(2))
  })

  it.each([
    { min: 0, max: 0 },
    { min: -5, max: 5 },
    { min: 1, max: 2 ** 40 },
    { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  ])('int($min, $max) stays within bounds', ({ min, max }) => {
    const random = createRandom(9)
    for (let i = 0; i < 500; i++) {
      const value = random.int(min, max)
      expect(Number.isInteger(value) && value >= min && value <= max).toBe(true)
    }
  })

  it('next() stays in [0, 1) and pick() returns members', () => {
    const random = createRandom(3)
    for (let i = 0; i < 500; i++) {
      const value = random.next()
      expect(value >= 0 && value < 1).toBe(true)
      expect(['a', 'b', 'c']).toContain(random.pick(['a', 'b', 'c']))
    }
  })
})
