import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isContractToolError } from '@contracttool/kernel'
import { propertyRuns } from '@contracttool/test-kit'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { fixtureTracker } from './fixture.test-kit.js'
import { mergeSidecars } from './merge-sidecars.js'
import { readSidecars } from './read-sidecars.js'
import { buildSidecarEnvelope } from './sidecar-envelope.js'

const root = mkdtempSync(join(tmpdir(), 'contracttool-sidecar-properties-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

// A valid envelope as JSON, so mutations of it reach the deeper checks (states, rows, hit counts).
const valid = JSON.parse(JSON.stringify(buildSidecarEnvelope(fixtureTracker(), { token: 'w', pid: 1 })))

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

// Replaces the value at one path of `value` (chosen by `picks`) with `replacement`.
function mutate(value: Json, picks: readonly number[], replacement: Json): Json {
  if (picks.length === 0 || value === null || typeof value !== 'object') return replacement
  const [pick = 0, ...rest] = picks
  if (Array.isArray(value)) {
    if (value.length === 0) return replacement
    const index = pick % value.length
    return value.map((item, i) => (i === index ? mutate(item, rest, replacement) : item))
  }
  const keys = Object.keys(value)
  if (keys.length === 0) return replacement
  const key = keys[pick % keys.length] as string
  const copy: { [key: string]: Json } = {}
  for (const k of keys) Object.defineProperty(copy, k, { value: value[k], enumerable: true, writable: true })
  copy[key] = mutate(value[key] as Json, rest, replacement)
  return copy
}

const replacement: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(-1, 0, 2 ** 53, Number.MAX_SAFE_INTEGER, '__proto__', 'validated', {}, []),
)
const text = fc.oneof(
  fc
    .tuple(fc.array(fc.nat(), { maxLength: 8 }), replacement)
    .map(([picks, value]) => JSON.stringify(mutate(valid, picks, value))),
  fc.json(),
  fc.string(),
  fc.constant(JSON.stringify(valid)),
)

describe('sidecar reader properties (fast-check)', () => {
  // Bound: the test's 180 s timeout for 10,000 files written, read and merged.
  it('reads and merges any file as envelopes or a coded error', { timeout: 180_000 }, () => {
    const dir = join(root, 'sidecars')
    mkdirSync(dir, { mode: 0o700 })
    const file = join(dir, 'part-w-1.json')
    let accepted = 0
    fc.assert(
      fc.property(text, (content) => {
        writeFileSync(file, content, { mode: 0o600 })
        try {
          const { envelopes } = readSidecars(dir)
          expect(mergeSidecars([...envelopes, ...envelopes]).sidecarCount).toBe(2)
          accepted++
        } catch (error) {
          expect(isContractToolError(error), String((error as Error)?.stack ?? error)).toBe(true)
        }
      }),
      propertyRuns(),
    )
    // Some generated files were valid envelopes (the unmutated one at least), so both paths ran.
    expect(accepted).toBeGreaterThan(0)
  })
})
