import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { assertSecureDirectory } from './internal/sidecar-files.js'

export const MERGE_LOCK_FILE = '.contracttool-merge.lock'

export interface SidecarLock {
  /** Removes the lock file (if it is still this lock's); idempotent. */
  release(): void
  /** Set when this lock took over one a gone merge left: the NOTE to print, naming the file and the owner. */
  readonly takenOver?: string
}

interface LockOwner {
  readonly pid: number
  readonly host: string
  readonly token: string
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string')
      return value as LockOwner
  } catch {
    // Unreadable or half-written: treated as held (see isStale).
  }
  return undefined
}

// A merge writes its lock's few bytes right after creating the file: one that still holds no owner after
// this long was left by a merge that died between the two (a full disk, a kill).
const UNWRITTEN_LOCK_MS = 10_000

// A lock is stale when its process ended (on this host, a signal-0 probe answers ESRCH), or when it never
// named its owner and is older than UNWRITTEN_LOCK_MS.
function isStale(path: string, owner: LockOwner | undefined): boolean {
  if (owner === undefined) {
    try {
      return Date.now() - statSync(path).mtimeMs > UNWRITTEN_LOCK_MS
    } catch {
      return false
    }
  }
  if (owner.host !== hostname()) return false
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * Takes the merge lock of a sidecar directory (`<dir>/.contracttool-merge.lock`, created exclusively), so
 * two merges never read and delete the same sidecars. A lock left by a process that ended on this host, or
 * one that never named its owner (empty or unreadable, older than 10 s), is taken over, and `takenOver` says
 * so; a live one throws `CONTRACTTOOL_SIDECAR_LOCKED` naming its pid and host. A missing directory needs no
 * lock.
 *
 * @example
 * const lock = lockSidecars(dir)
 * try { const { envelopes, files } = readSidecars(dir); … removeSidecars(dir, files) } finally { lock.release() }
 */
export function lockSidecars(dir: string): SidecarLock {
  if (!existsSync(dir)) return { release() {} }
  assertSecureDirectory(dir)
  const path = join(dir, MERGE_LOCK_FILE)
  const owner: LockOwner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex') }
  let takenOver: string | undefined
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(owner), { flag: 'wx', mode: 0o600 })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new CoverageError(
          CoverageErrorCode.SidecarUnreadable,
          `Cannot lock sidecar directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          { file: path, cause: error },
        )
      }
      const holder = readOwner(path)
      if (attempt === 0 && isStale(path, holder)) {
        rmSync(path, { force: true })
        takenOver =
          `NOTE: took over the merge lock ${path}, ` +
          (holder === undefined
            ? 'which named no owner (a merge that died while taking it)'
            : `whose merge (pid ${holder.pid} on ${holder.host}) has ended`)
        continue
      }
      const who = holder === undefined ? 'an unknown process' : `pid ${holder.pid} on ${holder.host}`
      throw new CoverageError(
        CoverageErrorCode.SidecarLocked,
        `Another merge (${who}) is merging the sidecars in ${dir}; wait for it to finish, or delete ${path} if that merge is gone.`,
        { file: path },
      )
    }
  }
  return {
    release() {
      if (readOwner(path)?.token === owner.token) rmSync(path, { force: true })
    },
    ...(takenOver === undefined ? {} : { takenOver }),
  }
}
