import { lstatSync } from 'node:fs'
import { CoverageError, CoverageErrorCode } from '../errors.js'

export const SIDECAR_FILE: RegExp = /^part-.+\.json$/
export const FAILURE_MARKER_FILE: RegExp = /^failed-.+\.json$/
export const SIDECAR_TEMP_PREFIX = '.contracttool-sidecar-'

// Tokens end up in file names: anything but `[A-Za-z0-9_-]` becomes `_`, empty becomes `unknown`.
export function sanitizeToken(token: string): string {
  const sanitized = token.replace(/[^A-Za-z0-9_-]/g, '_')
  return sanitized === '' ? 'unknown' : sanitized
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0')
}

// POSIX permission bits and owners carry no meaning on Windows; the symlink check still applies there.
const checksPermissions = process.platform !== 'win32' && typeof process.getuid === 'function'

// A file or directory another local user owns could have been planted (a predictable folder under the
// system temp directory can be created by anyone first): its content is not trusted.
function assertOwned(kind: 'directory' | 'file', path: string, uid: number): void {
  const own = process.getuid?.()
  if (!checksPermissions || own === undefined || uid === own) return
  throw new CoverageError(
    CoverageErrorCode.SidecarInsecure,
    `Sidecar ${kind} ${path} is owned by user id ${uid}, not by the current user (${own}); refusing to ${kind === 'file' ? 'read' : 'use'} it.`,
    { file: path },
  )
}

// Another local user able to write in the directory could plant or swap sidecars and forge coverage, so
// a symlinked, foreign-owned or group/world-writable directory is refused rather than trusted.
export function assertSecureDirectory(dir: string): void {
  let stat: ReturnType<typeof lstatSync>
  try {
    stat = lstatSync(dir)
  } catch (cause) {
    throw new CoverageError(
      CoverageErrorCode.SidecarUnreadable,
      `Cannot read sidecar directory ${dir}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`,
      { file: dir, cause },
    )
  }
  if (stat.isSymbolicLink()) {
    throw new CoverageError(
      CoverageErrorCode.SidecarInsecure,
      `Sidecar directory ${dir} is a symlink; refusing to use it.`,
      {
        file: dir,
      },
    )
  }
  if (!stat.isDirectory()) {
    throw new CoverageError(
      CoverageErrorCode.SidecarInsecure,
      `Sidecar directory ${dir} is not a directory.`,
      { file: dir },
    )
  }
  assertOwned('directory', dir, stat.uid)
  if (checksPermissions && (stat.mode & 0o022) !== 0) {
    throw new CoverageError(
      CoverageErrorCode.SidecarInsecure,
      `Sidecar directory ${dir} is group- or world-writable (mode ${octal(stat.mode)}); refusing to use it. Run \`chmod 700 ${dir}\`.`,
      { file: dir },
    )
  }
}

export function assertSecureFile(path: string): void {
  const stat = lstatSync(path)
  if (stat.isSymbolicLink()) {
    throw new CoverageError(
      CoverageErrorCode.SidecarInsecure,
      `Sidecar file ${path} is a symlink; refusing to read it.`,
      {
        file: path,
      },
    )
  }
  if (!stat.isFile()) {
    throw new CoverageError(
      CoverageErrorCode.SidecarInsecure,
      `Sidecar file ${path} is not a regular file.`,
      { file: path },
    )
  }
  assertOwned('file', path, stat.uid)
  if (checksPermissions && (stat.mode & 0o022) !== 0) {
    throw new CoverageError(
      CoverageErrorCode.SidecarInsecure,
      `Sidecar file ${path} is group- or world-writable (mode ${octal(stat.mode)}); refusing to read it.`,
      { file: path },
    )
  }
}
