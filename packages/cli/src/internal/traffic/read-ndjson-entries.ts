import type { ByteChunks, RawEntry } from './raw-entry.js'

const NEWLINE = 0x0a

/**
 * Yields the lines of an NDJSON file one at a time (blank lines left out), reading the file as a stream: a
 * line longer than `maxEntryBytes` is skipped while it streams by and yielded without its text, so memory
 * stays bounded whatever the file holds. Each entry's position is its line number.
 *
 * @see https://github.com/ndjson/ndjson-spec
 */
export async function* readNdjsonEntries(
  chunks: ByteChunks,
  maxEntryBytes: number,
): AsyncGenerator<RawEntry> {
  let line = 1
  let parts: Uint8Array[] | undefined = []
  let size = 0
  const take = (): RawEntry | undefined => {
    let text = parts === undefined ? undefined : Buffer.concat(parts).toString('utf8')
    if (text?.endsWith('\r')) text = text.slice(0, -1)
    const entry = text?.trim() === '' ? undefined : { position: line, text, bytes: size }
    line += 1
    parts = []
    size = 0
    return entry
  }
  const keep = (part: Uint8Array) => {
    size += part.length
    if (parts === undefined) return
    if (size > maxEntryBytes) parts = undefined
    else parts.push(part)
  }
  for await (const chunk of chunks) {
    let start = 0
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      keep(chunk.subarray(start, end))
      start = end + 1
      const entry = take()
      if (entry !== undefined) yield entry
    }
    keep(chunk.subarray(start))
  }
  if (size > 0) {
    const entry = take()
    if (entry !== undefined) yield entry
  }
}
