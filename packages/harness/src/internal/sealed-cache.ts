import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

// Every cache file the run machinery writes (spec caches, schema code, the Vitest worker code's V8 code
// cache) is sealed: four bytes naming its kind and format, a checksum of the rest, then the rest. A file of
// another format is passed over; a file whose checksum does not match its content (flipped bytes on disk,
// an edit, a copy cut short) is removed with one NOTE and rebuilt by whoever needs it. Nothing else would
// catch such damage: V8 checks a code cache against the length of its source, its own version and flags,
// not its content, and runs damaged bytecode (a test file process dies with SIGSEGV); a damaged or edited
// spec or schema code would validate against something else than the spec.
//
// The checksum detects damage, not tampering (whoever can write the cache folder can write the code that
// reads it). It is computed here rather than with `node:crypto`, which test file processes do not load:
// two 32-bit lanes over the content's 32-bit words, about 1 ms per megabyte.

const MAGIC_BYTES = 4
const CHECKSUM_BYTES = 8
/** Bytes before the content of a sealed cache file. */
export const SEAL_BYTES: number = MAGIC_BYTES + CHECKSUM_BYTES

/** A sealed cache file's bytes: `magic` (4 ASCII characters naming the cache and its format), checksum, content. */
export function sealCache(magic: string, content: readonly Uint8Array[]): Buffer {
  const body = Buffer.concat(content)
  const head = Buffer.alloc(SEAL_BYTES)
  head.write(magic, 0, MAGIC_BYTES, 'latin1')
  checksumInto(body, head, MAGIC_BYTES)
  return Buffer.concat([head, body])
}

/** What a cache file holds: its content, or why it cannot be used. */
export type Unsealed =
  | { readonly content: Buffer }
  /** Another cache's file, or another format of this one: not used, and not reported. */
  | { readonly problem: 'format' }
  /** The checksum does not match the content. */
  | { readonly problem: 'damaged' }

/** The content of a sealed cache file's bytes (`sealCache()`), when they are of `magic` and undamaged. */
export function unsealCache(magic: string, bytes: Buffer): Unsealed {
  if (!isSealedAs(magic, bytes)) return { problem: 'format' }
  const content = bytes.subarray(SEAL_BYTES)
  const expected = Buffer.alloc(CHECKSUM_BYTES)
  checksumInto(content, expected, 0)
  return expected.equals(bytes.subarray(MAGIC_BYTES, SEAL_BYTES)) ? { content } : { problem: 'damaged' }
}

/** True when `head` (the first bytes of a file) starts with the seal of `magic`. */
export function isSealedAs(magic: string, head: Buffer): boolean {
  return head.length >= SEAL_BYTES && head.toString('latin1', 0, MAGIC_BYTES) === magic
}

/**
 * Removes a damaged cache file and says so on stderr, once: when several processes find the same file
 * damaged, the one that removed it writes the NOTE. Never throws.
 */
export function discardDamagedCache(file: string, what: string): void {
  try {
    rmSync(file)
  } catch {
    // Removed by another process, which said so; or not removable, and then rebuilt over.
    return
  }
  process.stderr.write(
    `[contracttool] NOTE: ${what} ${file} was damaged (its checksum does not match its content): removed, ` +
      'and built again from the source. Nothing else is affected.\n',
  )
}

/**
 * Removes the entries of `dir` whose names start with one of `prefixes`, except `keep`: caches of earlier
 * versions (of the packages, of Node) are never read again, and would pile up. Never throws: a stale
 * cache only takes room.
 */
export function removeOtherCaches(dir: string, prefixes: readonly string[], keep: readonly string[]): void {
  try {
    for (const entry of readdirSync(dir)) {
      const ours = prefixes.some((prefix) => entry.startsWith(prefix))
      if (ours && !keep.includes(entry)) rmSync(join(dir, entry), { recursive: true, force: true })
    }
  } catch {
    // Left for a later run.
  }
}

function checksumInto(content: Uint8Array, target: Buffer, at: number): void {
  const words = content.length >>> 2
  const view =
    (content.byteOffset & 3) === 0
      ? new Int32Array(content.buffer, content.byteOffset, words)
      : new Int32Array(content.buffer.slice(content.byteOffset, content.byteOffset + words * 4))
  let a = 0x811c9dc5 ^ content.length
  let b = 0x27d4eb2f
  for (let index = 0; index < words; index++) {
    const word = view[index] as number
    a = Math.imul(a ^ word, 0x01000193)
    b = Math.imul(b + word, 0x85ebca6b) ^ (b >>> 16)
  }
  for (let index = words * 4; index < content.length; index++) {
    a = Math.imul(a ^ (content[index] as number), 0x01000193)
  }
  target.writeUInt32LE(a >>> 0, at)
  target.writeUInt32LE(b >>> 0, at + 4)
}
