import { randomBytes } from 'node:crypto'
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'

export interface WriteFileAtomicOptions {
  /** File mode of the written file (default `0o644`, before umask). */
  readonly mode?: number
  /** Mode of parent directories created on the way (default `0o777`, before umask). */
  readonly directoryMode?: number
  /** Prefix of the temporary file (default `.<file name>.`). */
  readonly tempPrefix?: string
  /**
   * Flush the content to the disk before the rename (default `true`). `false` keeps the file whole for its
   * readers (the rename) but not across a power loss: for files a run removes when it ends, such as its
   * handover files.
   */
  readonly flush?: boolean
}

function writeFailed(path: string, cause: unknown): CoverageError {
  const error = cause as NodeJS.ErrnoException
  // Node's own messages start with their code (`ENOSPC: no space left on device, write`).
  const reason =
    error.code === undefined || error.message.startsWith(`${error.code}:`)
      ? error.message
      : `${error.code}: ${error.message}`
  return new CoverageError(CoverageErrorCode.WriteFailed, `Cannot write ${path}: ${reason}`, {
    file: path,
    cause,
  })
}

// How long a write to a FIFO or device may wait for its reader to make room before it fails.
const WRITE_THROUGH_WAIT_MS = 30_000

type Target = { readonly kind: 'regular' | 'special'; readonly path: string }

// What is at the output path decides how it is written: a regular file (or nothing) is replaced
// atomically; a symlink is followed, never replaced; a FIFO or character device (`/dev/stdout`,
// `/dev/null`) is written through in place; anything else (directory, socket, block device) is refused.
function resolveTarget(target: string, shown: string): Target {
  let stat: Stats
  try {
    stat = lstatSync(target)
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'regular', path: target }
    throw writeFailed(shown, cause)
  }
  const isLink = stat.isSymbolicLink()
  if (isLink) {
    try {
      stat = statSync(target)
    } catch (cause) {
      throw writeFailed(shown, new Error(`a symlink whose target cannot be reached (${errorCode(cause)})`))
    }
  }
  if (stat.isFile()) return { kind: 'regular', path: isLink ? realpathSync(target) : target }
  if (stat.isFIFO() || stat.isCharacterDevice()) return { kind: 'special', path: target }
  const what = stat.isDirectory() ? 'a directory' : stat.isSocket() ? 'a socket' : 'a block device'
  throw writeFailed(shown, new Error(`${what} exists at this path`))
}

/** The nearest of `folder` and its parents that exists and is not a folder (what a recursive mkdir trips on). */
function fileInTheWay(folder: string): string | undefined {
  for (let path = folder; ; path = dirname(path)) {
    const stats = statSync(path, { throwIfNoEntry: false })
    if (stats !== undefined) return stats.isDirectory() ? undefined : path
    if (dirname(path) === path) return undefined
  }
}

function errorCode(cause: unknown): string {
  return (cause as NodeJS.ErrnoException).code ?? (cause as Error).message
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

// Writes to a FIFO or character device in place. The open does not block: a FIFO nobody reads fails
// with ENXIO instead of hanging; a full pipe is retried until WRITE_THROUGH_WAIT_MS have passed.
function writeThrough(target: string, bytes: Uint8Array, shown: string): void {
  let fd: number | undefined
  try {
    fd = openSync(target, constants.O_WRONLY | (constants.O_NONBLOCK ?? 0))
    let offset = 0
    let waited = 0
    while (offset < bytes.length) {
      try {
        offset += writeSync(fd, bytes, offset, bytes.length - offset)
      } catch (cause) {
        if (errorCode(cause) !== 'EAGAIN' || waited >= WRITE_THROUGH_WAIT_MS) throw cause
        sleep(10)
        waited += 10
      }
    }
  } catch (cause) {
    throw writeFailed(shown, errorCode(cause) === 'ENXIO' ? new Error('a FIFO that nobody reads') : cause)
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Writes a file atomically: the content goes to a temporary file in the same directory, is flushed, then
 * renamed over the target, so a crash never leaves a half-written file that a later reader would misparse.
 * Parent directories are created. A symlink is followed (its target is replaced, the link kept); a FIFO or
 * character device such as `/dev/stdout` is written in place, never renamed over; a directory, socket or
 * block device is refused. Throws `CONTRACTTOOL_COVERAGE_WRITE_FAILED` naming the path.
 *
 * @example
 * writeFileAtomic('reports/coverage.json', renderJson(result, { toolVersion }))
 */
export function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  options: WriteFileAtomicOptions = {},
): void {
  if (typeof path !== 'string' || path === '') {
    throw new CoverageError(
      CoverageErrorCode.InvalidArgument,
      'writeFileAtomic: path must be a non-empty string',
    )
  }
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true, mode: options.directoryMode ?? 0o777 })
  } catch (cause) {
    const file = fileInTheWay(dirname(resolve(path)))
    throw writeFailed(path, file === undefined ? cause : new Error(`${file} is a file, not a folder`))
  }
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
  const { kind, path: target } = resolveTarget(resolve(path), path)
  if (kind === 'special') {
    writeThrough(target, bytes, path)
    return
  }
  const directory = dirname(target)
  const temp = join(
    directory,
    `${options.tempPrefix ?? `.${basename(target)}.`}${randomBytes(16).toString('hex')}.tmp`,
  )
  let fd: number | undefined
  try {
    fd = openSync(temp, 'wx', options.mode ?? 0o644)
    let offset = 0
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset)
    if (options.flush !== false) fsyncSync(fd)
    closeSync(fd)
    fd = undefined
    renameSync(temp, target)
  } catch (cause) {
    if (fd !== undefined) {
      try {
        closeSync(fd)
      } catch {
        // The write already failed; the original error is the one worth reporting.
      }
    }
    rmSync(temp, { force: true })
    throw writeFailed(path, cause)
  }
}

/**
 * Writes a rendered report atomically, skipping empty content (renderers return `''` when nothing was
 * recorded, and no file should replace a previous report then). Returns whether a file was written.
 *
 * @example
 * if (!writeReport('coverage.html', renderHtml(result))) console.warn('no coverage recorded')
 */
export function writeReport(path: string, content: string): boolean {
  if (content === '') return false
  writeFileAtomic(path, content)
  return true
}
