import { describe, expect, it } from 'vitest'
import type { RawEntry } from './raw-entry.js'
import { readNdjsonEntries } from './read-ndjson-entries.js'

async function read(text: string, cuts: readonly number[], max = 64): Promise<RawEntry[]> {
  const bytes = Buffer.from(text, 'utf8')
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let start = 0
    for (const cut of [...cuts, bytes.length]) {
      yield bytes.subarray(start, cut)
      start = cut
    }
  }
  const out: RawEntry[] = []
  for await (const entry of readNdjsonEntries(chunks(), max)) out.push(entry)
  return out
}

describe('readNdjsonEntries', () => {
  it('yields each non-blank line with its line number, whatever the chunk boundaries', async () => {
    const text = '{"a":"é"}\r\n\n{"b":2}\n  \n{"c":3}'
    const bytes = Buffer.byteLength(text)
    for (let cut = 0; cut <= bytes; cut++) {
      expect(await read(text, [cut])).toEqual([
        { position: 1, text: '{"a":"é"}', bytes: 11 },
        { position: 3, text: '{"b":2}', bytes: 7 },
        { position: 5, text: '{"c":3}', bytes: 7 },
      ])
    }
  })

  it('skips a line over the limit without keeping it, and goes on', async () => {
    const long = `{"x":"${'y'.repeat(200)}"}`
    expect(await read(`${long}\n{"b":2}\n`, [10, 100])).toEqual([
      { position: 1, text: undefined, bytes: long.length },
      { position: 2, text: '{"b":2}', bytes: 7 },
    ])
  })
})
