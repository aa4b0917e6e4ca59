import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `content` to `path` only if nothing exists there, atomically: the bytes go to a temporary file
 * in the same directory, which is then hard-linked to the target (linking fails if the target appeared
 * meanwhile), so a crash never leaves half a file and an existing file is never replaced. Returns false
 * when the file already existed.
 */
export function writeNewFile(path: string, content: string): boolean {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`)
  const fd = openSync(temp, 'wx', 0o644)
  try {
    try {
      const bytes = Buffer.from(content, 'utf8')
      let offset = 0
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    try {
      linkSync(temp, path)
      return true
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') return false
      // Some file systems have no hard links: fall back to rename after a last existence check.
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV') {
        if (exists(path)) return false
        renameSync(temp, path)
        return true
      }
      throw error
    }
  } finally {
    rmSync(temp, { force: true })
  }
}

function exists(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}
