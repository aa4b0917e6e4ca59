import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { CliErrorCode } from '../../cli-error-code.js'
import type { RawEntry } from './raw-entry.js'
import { readHarEntries } from './read-har-entries.js'

async function* chunked(text: string | Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(start, cut)
    start = cut
  }
}

async function read(
  text: string | Uint8Array,
  cuts: readonly number[] = [],
  max = 1024,
): Promise<RawEntry[]> {
  const out: RawEntry[] = []
  for await (const entry of readHarEntries(chunked(text, cuts), 'traffic.har', max)) out.push(entry)
  return out
}

async function problem(text: string, cuts: readonly number[] = []): Promise<string> {
  try {
    await read(text, cuts)
  } catch (error) {
    if (!isContractToolError(error)) throw error
    expect(error.code).toBe(CliErrorCode.UnreadableInput)
    return error.message
  }
  throw new Error('expected a problem')
}

// Strings with braces, brackets, quotes, escapes, keys named like the HAR's, and multi-byte characters.
const TRICKY = {
  log: {
    version: '1.2',
    creator: { name: 'x "log" {entries: [', version: '1' },
    pages: [{ entries: [{ not: 'an entry' }] }],
    other: { entries: [1, 2] },
    entries: [
      { request: { url: 'https://a/"}]\\' }, note: 'brace } bracket ] quote " backslash \\' },
      { response: { content: { text: '{"nested":["é","😀"]}' } }, list: [[], {}, [{}]] },
      { empty: {} },
    ],
    comment: 'after the entries',
  },
}

describe('readHarEntries', () => {
  it('yields each entry of log.entries as its JSON text, whatever the chunk boundaries', async () => {
    const text = JSON.stringify(TRICKY, null, 1)
    const want = TRICKY.log.entries
    const bytes = Buffer.from(text, 'utf8')
    for (let cut = 0; cut <= bytes.length; cut++) {
      const entries = await read(bytes, [cut])
      expect(entries.map((entry) => JSON.parse(entry.text ?? 'null'))).toEqual(want)
    }
    const oneByteEach = await read(
      bytes,
      Array.from({ length: bytes.length }, (_, index) => index),
    )
    expect(oneByteEach.map((entry) => entry.position)).toEqual([1, 2, 3])
    expect(oneByteEach.map((entry) => JSON.parse(entry.text ?? 'null'))).toEqual(want)
  })

  it('reads a byte order mark and an empty entries list', async () => {
    expect(await read('\uFEFF{"log":{"entries":[]}}')).toEqual([])
  })

  it('skips an entry over the limit without keeping it, and goes on', async () => {
    const big = { request: { url: 'x'.repeat(5000) } }
    const text = JSON.stringify({ log: { entries: [{ a: 1 }, big, { b: 2 }] } })
    const entries = await read(text, [100, 2000, 4000], 1024)
    expect(entries.map(({ position, text: json, bytes }) => ({ position, json, bytes }))).toEqual([
      { position: 1, json: '{"a":1}', bytes: 7 },
      { position: 2, json: undefined, bytes: JSON.stringify(big).length },
      { position: 3, json: '{"b":2}', bytes: 7 },
    ])
  })

  it.each([
    ['an empty file', '', 'traffic.har: is empty; expected a HAR 1.2 file'],
    ['a JSON array', '[{"request":{}}]', 'traffic.har: is not HAR or NDJSON; expected a HAR 1.2 file'],
    ['text', 'GET /pets HTTP/1.1', 'traffic.har: is not HAR or NDJSON; expected a HAR 1.2 file'],
    ['JSON without log', '{"entries":[{}]}', 'traffic.har: is JSON but not HAR: it has no log.entries'],
    ['log.entries elsewhere', '{"x":{"log":{"entries":[{}]}}}', 'traffic.har: is JSON but not HAR'],
    ['a log that is no object', '{"log":[]}', 'traffic.har: has a log that is not an object.'],
    [
      'log.entries not a list',
      '{"log":{"entries":{}}}',
      'traffic.har: has a log.entries that is not an array.',
    ],
    [
      'an entry that is no object',
      '{"log":{"entries":[{},3]}}',
      'traffic.har: log.entries[1] is not an object.',
    ],
    [
      'text after the document',
      '{"log":{"entries":[]}} {}',
      'traffic.har: has more after the end of the JSON document.',
    ],
  ])('refuses %s', async (_name, text, message) => {
    expect(await problem(text)).toContain(message)
  })

  it('reports a truncated HAR after yielding its complete entries', async () => {
    const text = JSON.stringify({ log: { entries: [{ a: 1 }, { b: '"}' }, { c: 3 }] } })
    const cut = text.slice(0, text.indexOf('{"c"') + 3)
    const yielded: RawEntry[] = []
    let message = ''
    try {
      for await (const entry of readHarEntries(chunked(cut, [5]), 'traffic.har', 1024)) yielded.push(entry)
    } catch (error) {
      message = (error as Error).message
    }
    expect(yielded.map((entry) => entry.text)).toEqual(['{"a":1}', '{"b":"\\"}"}'])
    expect(message).toBe(
      'traffic.har: ends before the HAR document does (truncated after 2 complete entries).',
    )
    // Cut inside a string, right after an escape.
    expect(await problem('{"log":{"entries":[{"a":"\\')).toContain('truncated after 0 complete entries')
  })
})
