import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { assertSecureDirectory } from './internal/sidecar-files.js'

export const MERGE_LOCK_FILE = '.contracttool-merge.lock'

export interface SidecarLock {
  /** Removes the lock file (if it is still this lock's); idempotent. */
  release(): void
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

// A lock is stale when its process ended: on this host, a signal-0 probe answers ESRCH.
function isStale(owner: LockOwner | undefined): boolean {
  if (owner === undefined || owner.host !== hostname()) return false
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * Takes the merge lock of a sidecar directory (`<dir>/.contracttool-merge.lock`, created exclusively), so
 * two merges never read and delete the same sidecars. A lock left by a process that ended on this host is
 * taken over; a live one throws `CONTRACTTOOL_SIDECAR_LOCKED` naming its pid and host. A missing directory
 * needs no lock.
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
      if (attempt === 0 && isStale(holder)) {
        rmSync(path, { force: true })
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
  }
}
