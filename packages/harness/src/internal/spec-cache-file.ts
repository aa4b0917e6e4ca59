import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs'

// A spec cache file is read in parts: the record first, then each chunk of the document when a test first
// touches it (lazy-document.ts). Reading the whole file up front cost a test file about 4 ms on GitHub's REST
// description (7 MB), most of which it never reads. The file stays open while a test file runs, so its
// chunks come from the file the record was read from even when another run replaces it (a rename leaves the
// open file as it was). The setup file closes every such file when a test file ends: a thread of the
// `threads` pool does not close what it opened when it ends, and a suite of many files would run out of
// file descriptors. A file read again after that is opened again, and refused when it is no longer the
// same file.

/** Where the chunks of a document come from. */
export interface ChunkBytes {
  /** Size of the whole file, in bytes. */
  readonly length: number
  /** Bytes `from` (inclusive) to `to` (exclusive) of the file. */
  read(from: number, to: number): Buffer
}

/** Bytes already in memory, as chunks to read (closing them releases nothing). */
export function chunksInMemory(bytes: Buffer): ChunkBytes & { close(): void } {
  return { length: bytes.length, read: (from, to) => bytes.subarray(from, to), close() {} }
}

const open = new Set<SpecCacheFile>()

/** An open spec cache file, as it was when first opened. Throws as `openSync` does when it cannot be opened. */
export class SpecCacheFile implements ChunkBytes {
  readonly path: string
  readonly length: number
  readonly #ino: number
  readonly #mtimeMs: number
  #fd: number | undefined

  constructor(path: string) {
    this.path = path
    const { fd, stats } = openWithStats(path)
    this.length = stats.size
    this.#ino = stats.ino
    this.#mtimeMs = stats.mtimeMs
    this.#fd = fd
    open.add(this)
  }

  read(from: number, to: number): Buffer {
    if (
      !(
        Number.isSafeInteger(from) &&
        Number.isSafeInteger(to) &&
        0 <= from &&
        from <= to &&
        to <= this.length
      )
    ) {
      throw new RangeError(`bytes ${from} to ${to} are outside ${this.path} (${this.length} bytes)`)
    }
    const fd = this.#open()
    const bytes = Buffer.allocUnsafe(to - from)
    let done = 0
    while (done < bytes.length) {
      const count = readSync(fd, bytes, done, bytes.length - done, from + done)
      if (count === 0) throw new Error(`${this.path} ended at byte ${from + done}, before byte ${to}`)
      done += count
    }
    return bytes
  }

  /** Closes the file; a later `read` opens it again. */
  close(): void {
    const fd = this.#fd
    if (fd === undefined) return
    this.#fd = undefined
    open.delete(this)
    try {
      closeSync(fd)
    } catch {
      // Already closed by someone else: nothing left to release.
    }
  }

  #open(): number {
    if (this.#fd !== undefined) return this.#fd
    const { fd, stats } = openWithStats(this.path)
    if (stats.ino !== this.#ino || stats.size !== this.length || stats.mtimeMs !== this.#mtimeMs) {
      closeSync(fd)
      throw new Error(`${this.path} was replaced since this process first read it`)
    }
    this.#fd = fd
    open.add(this)
    return fd
  }
}

/** `path` opened for reading, and what it is; nothing stays open when either step throws. */
function openWithStats(path: string): { fd: number; stats: Stats } {
  const fd = openSync(path, 'r')
  try {
    return { fd, stats: fstatSync(fd) }
  } catch (error) {
    closeSync(fd)
    throw error
  }
}

/** Closes every spec cache file this process (or thread) has open; they open again when read. */
export function closeSpecCacheFiles(): void {
  for (const file of open) file.close()
}

/** How many spec cache files are open (for tests). */
export function openSpecCacheFileCount(): number {
  return open.size
}
