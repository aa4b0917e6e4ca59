import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { open } from 'node:fs/promises'

/** Largest document read from disk: well above real specs (GitHub's description is 13 MB), well below V8's string limit. */
export const MAX_DOCUMENT_BYTES: number = 256 * 1024 * 1024

/** The text of a file, or why it was not read. */
export type RegularFileRead =
  | { readonly ok: true; readonly text: string }
  | {
      readonly ok: false
      /** `ENOENT`, `EACCES`, ... for system errors; undefined when the file was refused by its kind or size. */
      readonly code: string | undefined
      /** What went wrong, to put in a sentence: `ENOENT`, `it is a FIFO, not a regular file`, ... */
      readonly reason: string
      readonly cause?: unknown
    }

// Opening a FIFO for reading waits for a writer unless the open is non-blocking; with O_NONBLOCK the
// open returns at once and fstat refuses it. O_NONBLOCK does not exist on Windows, where FIFOs do not either.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * Reads a regular file as UTF-8, at most `maxBytes` long. A FIFO, a device (`/dev/zero`), a socket or a
 * folder is refused without reading a byte, and the size is taken from the opened file (so a path swapped
 * after a check cannot slip a device in), and no more than that size is read even if the file grows.
 *
 * @example
 * const read = readRegularFileSync('coverage.json')
 * if (!read.ok) throw new Error(`coverage.json cannot be read (${read.reason}).`)
 */
export function readRegularFileSync(path: string, maxBytes: number = MAX_DOCUMENT_BYTES): RegularFileRead {
  let fd: number
  try {
    fd = openSync(path, OPEN_FLAGS)
  } catch (error) {
    return systemFailure(error)
  }
  try {
    const stats = fstatSync(fd)
    const refused = refuse(stats, maxBytes)
    if (refused !== undefined) return refused
    const size = stats.size
    const buffer = Buffer.allocUnsafe(size)
    let filled = 0
    while (filled < size) {
      const count = readSync(fd, buffer, filled, size - filled, filled)
      if (count === 0) break
      filled += count
    }
    return { ok: true, text: buffer.toString('utf8', 0, filled) }
  } catch (error) {
    return systemFailure(error)
  } finally {
    closeSync(fd)
  }
}

/**
 * The asynchronous `readRegularFileSync`: the same checks and limit.
 *
 * @example
 * const read = await readRegularFile('openapi.json')
 */
export async function readRegularFile(
  path: string,
  maxBytes: number = MAX_DOCUMENT_BYTES,
): Promise<RegularFileRead> {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(path, OPEN_FLAGS)
  } catch (error) {
    return systemFailure(error)
  }
  try {
    const stats = await handle.stat()
    const refused = refuse(stats, maxBytes)
    if (refused !== undefined) return refused
    const buffer = Buffer.allocUnsafe(stats.size)
    let filled = 0
    while (filled < stats.size) {
      const { bytesRead } = await handle.read(buffer, filled, stats.size - filled, filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    return { ok: true, text: buffer.toString('utf8', 0, filled) }
  } catch (error) {
    return systemFailure(error)
  } finally {
    await handle.close()
  }
}

function refuse(stats: Stats, maxBytes: number): RegularFileRead | undefined {
  if (!stats.isFile()) {
    return { ok: false, code: undefined, reason: `it is ${describeKind(stats)}, not a regular file` }
  }
  if (stats.size > maxBytes) {
    return {
      ok: false,
      code: undefined,
      reason: `it holds ${stats.size} bytes, over the limit of ${maxBytes} bytes`,
    }
  }
  return undefined
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a FIFO (named pipe)'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'not a file'
}

function systemFailure(error: unknown): RegularFileRead {
  const code = (error as NodeJS.ErrnoException).code
  return {
    ok: false,
    code,
    reason: code ?? (error instanceof Error ? error.message : String(error)),
    cause: error,
  }
}
