import { type ByteChunks, EXPECTED_TRAFFIC, type RawEntry, unreadableTraffic } from './raw-entry.js'

const OPEN_OBJECT = 0x7b // {
const CLOSE_OBJECT = 0x7d // }
const OPEN_ARRAY = 0x5b // [
const CLOSE_ARRAY = 0x5d // ]
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
/** Keys of the two levels above `log.entries` are kept (longer ones cannot be `log` or `entries`). */
const MAX_KEY_BYTES = 16
/** The container depth of `log.entries` (top object, `log`, `entries`); an entry opens one level deeper. */
const ENTRIES_DEPTH = 3

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

/**
 * Yields the entries of a HAR file's `log.entries` one at a time, as JSON text, reading the file as a stream:
 * memory stays bounded by the largest entry kept (`maxEntryBytes`; a larger entry is skipped while it streams
 * by and yielded without its text). Only the structure is scanned here (strings, escapes, nesting): each
 * entry's text is parsed by its reader. A file that is not a JSON object, has no `log.entries` array, or ends
 * before the document does throws a `ContractToolError` (`CONTRACTTOOL_CLI_UNREADABLE_INPUT`) naming `file`.
 *
 * @see http://www.softwareishard.com/blog/har-12-spec/#log
 */
export async function* readHarEntries(
  chunks: ByteChunks,
  file: string,
  maxEntryBytes: number,
): AsyncGenerator<RawEntry> {
  const scanner = new HarScanner(file, maxEntryBytes)
  for await (const chunk of chunks) yield* scanner.scan(chunk)
  scanner.end()
}

class HarScanner {
  private readonly file: string
  private readonly maxEntryBytes: number
  /** Open containers, by their opening byte. */
  private readonly stack: number[] = []
  private started = false
  private finished = false
  private inString = false
  private escaped = false
  /** Whether the next string of the object open at depth 1 or 2 is a key. */
  private expectKey = false
  /** The key being read (depth 1 or 2), or undefined when the current string is not one. */
  private key: number[] | undefined
  /** The last key read at depth 1 and at depth 2. */
  private readonly keys: string[] = ['', '', '']
  private sawEntries = false
  private entries = 0
  // The entry being read: its parts so far (dropped once it is over the limit) and its size.
  private parts: Uint8Array[] | undefined
  private size = 0
  private capturing = false

  constructor(file: string, maxEntryBytes: number) {
    this.file = file
    this.maxEntryBytes = maxEntryBytes
  }

  *scan(chunk: Uint8Array): Generator<RawEntry> {
    let start = this.capturing ? 0 : -1
    // Most of a HAR is string content (headers, bodies): a string that is no key is skipped to its next quote
    // or backslash with `indexOf`, not byte by byte.
    let nextBackslash = -1
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString && !this.escaped && this.key === undefined) {
        if (nextBackslash < i) {
          nextBackslash = chunk.indexOf(BACKSLASH, i)
          if (nextBackslash === -1) nextBackslash = chunk.length
        }
        const quote = chunk.indexOf(QUOTE, i)
        i = Math.min(quote === -1 ? chunk.length : quote, nextBackslash)
        if (i === chunk.length) break
      }
      const byte = chunk[i] as number
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (byte === BACKSLASH) this.escaped = true
        else if (byte === QUOTE) this.endString()
        else if (this.key !== undefined && this.key.length < MAX_KEY_BYTES) this.key.push(byte)
        continue
      }
      if (isSpace(byte)) continue
      if (this.finished) throw this.problem('has more after the end of the JSON document')
      if (!this.started) {
        // A UTF-8 byte order mark may precede the document.
        if (byte === 0xef || byte === 0xbb || byte === 0xbf) continue
        if (byte !== OPEN_OBJECT)
          throw unreadableTraffic(this.file, `is not HAR or NDJSON; ${EXPECTED_TRAFFIC}`)
        this.started = true
      }
      const depth = this.stack.length
      if (depth === ENTRIES_DEPTH && this.inEntries()) {
        if (byte === COMMA) continue
        if (byte !== CLOSE_ARRAY) {
          if (byte !== OPEN_OBJECT) throw this.problem(`log.entries[${this.entries}] is not an object`)
          this.capturing = true
          this.parts = []
          this.size = 0
          start = i
        }
      }
      if (byte === QUOTE) {
        this.inString = true
        const container = this.stack[depth - 1]
        this.key = depth <= 2 && container === OPEN_OBJECT && this.expectKey ? [] : undefined
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        this.open(byte, depth)
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.stack.pop()
        this.expectKey = false
        if (this.stack.length === 0) this.finish()
        else if (this.capturing && this.stack.length === ENTRIES_DEPTH) {
          this.keep(chunk.subarray(start, i + 1))
          start = -1
          yield this.takeEntry()
        }
      } else if (depth <= 2) {
        if (byte === COMMA) this.expectKey = this.stack[depth - 1] === OPEN_OBJECT
        else if (byte === COLON) this.expectKey = false
      }
    }
    if (this.capturing && start >= 0) this.keep(chunk.subarray(start))
  }

  /** The file ended: a document still open is a truncated HAR. */
  end(): void {
    if (!this.started) throw unreadableTraffic(this.file, `is empty; ${EXPECTED_TRAFFIC}`)
    if (!this.finished) {
      throw this.problem(
        `ends before the HAR document does (truncated after ${this.entries} complete entr${this.entries === 1 ? 'y' : 'ies'})`,
      )
    }
  }

  private open(byte: number, depth: number): void {
    const parentKey = this.keys[depth] ?? ''
    if (depth === 1 && parentKey === 'log' && byte !== OPEN_OBJECT)
      throw this.problem('has a log that is not an object')
    if (depth === 2 && this.stack[1] === OPEN_OBJECT && this.keys[1] === 'log' && parentKey === 'entries') {
      if (byte !== OPEN_ARRAY) throw this.problem('has a log.entries that is not an array')
      this.sawEntries = true
    }
    this.stack.push(byte)
    this.expectKey = byte === OPEN_OBJECT
    if (depth < 2) this.keys[depth + 1] = ''
  }

  private endString(): void {
    this.inString = false
    if (this.key === undefined) return
    this.keys[this.stack.length] = String.fromCharCode(...this.key)
    this.key = undefined
  }

  private inEntries(): boolean {
    return (
      this.stack[1] === OPEN_OBJECT &&
      this.keys[1] === 'log' &&
      this.keys[2] === 'entries' &&
      this.stack[2] === OPEN_ARRAY
    )
  }

  private finish(): void {
    this.finished = true
    if (!this.sawEntries)
      throw this.problem(`is JSON but not HAR: it has no log.entries; ${EXPECTED_TRAFFIC}`)
  }

  private keep(part: Uint8Array): void {
    this.size += part.length
    if (this.parts === undefined) return
    if (this.size > this.maxEntryBytes) this.parts = undefined
    else this.parts.push(part)
  }

  private takeEntry(): RawEntry {
    this.entries += 1
    const text = this.parts === undefined ? undefined : Buffer.concat(this.parts).toString('utf8')
    const entry = { position: this.entries, text, bytes: this.size }
    this.capturing = false
    this.parts = undefined
    return entry
  }

  private problem(what: string) {
    return unreadableTraffic(this.file, what)
  }
}
