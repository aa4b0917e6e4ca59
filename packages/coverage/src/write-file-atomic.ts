import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'

export interface WriteFileAtomicOptions {
  /** File mode of the written file (default `0o644`, before umask). */
  readonly mode?: number
  /** Mode of parent directories created on the way (default `0o777`, before umask). */
  readonly directoryMode?: number
  /** Prefix of the temporary file (default `.<file name>.`). */
  readonly tempPrefix?: string
}

function writeFailed(path: string, cause: unknown): CoverageError {
  const error = cause as NodeJS.ErrnoException
  const reason = error.code === undefined ? error.message : `${error.code}: ${error.message}`
  return new CoverageError(CoverageErrorCode.WriteFailed, `Cannot write ${path}: ${reason}`, {
    file: path,
    cause,
  })
}

/**
 * Writes a file atomically: the content goes to a temporary file in the same directory, is flushed, then
 * renamed over the target, so a crash never leaves a half-written file that a later reader would misparse.
 * Parent directories are created. Throws `CONTRACTTOOL_COVERAGE_WRITE_FAILED` naming the path.
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
  const target = resolve(path)
  const directory = dirname(target)
  try {
    mkdirSync(directory, { recursive: true, mode: options.directoryMode ?? 0o777 })
  } catch (cause) {
    throw writeFailed(path, cause)
  }
  // A directory at the target path would make rename fail with a confusing EISDIR/ENOTEMPTY: say so plainly.
  try {
    if (statSync(target).isDirectory()) throw writeFailed(path, new Error('a directory exists at this path'))
  } catch (error) {
    if (error instanceof CoverageError) throw error
  }
  const temp = join(
    directory,
    `${options.tempPrefix ?? `.${basename(target)}.`}${randomBytes(16).toString('hex')}.tmp`,
  )
  let fd: number | undefined
  try {
    fd = openSync(temp, 'wx', options.mode ?? 0o644)
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    let offset = 0
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset)
    fsyncSync(fd)
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
