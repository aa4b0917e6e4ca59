import { fixturePath } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { y } from './index.js'
describe('skeleton', () => {
  it('resolves workspace sources', () => {
    expect(y).toBe(1)
    expect(() => fixturePath('nope')).toThrow(/fixture not found/)
  })
})
