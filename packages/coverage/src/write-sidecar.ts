import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { assertSecureDirectory, SIDECAR_TEMP_PREFIX, sanitizeToken } from './internal/sidecar-files.js'
import { parseSidecarPayload, type SidecarEnvelope } from './sidecar-envelope.js'
import { writeFileAtomic } from './write-file-atomic.js'

/**
 * The sidecar directory the Vitest plugin and `contracttool coverage:merge` agree on when none is configured:
 * `<project root>/.contracttool/sidecars`. Per project (and so per user), unlike a shared temp directory.
 *
 * @example
 * const dir = options.sidecarDir ?? defaultSidecarDir(config.root)
 */
export function defaultSidecarDir(projectRoot: string = process.cwd()): string {
  return join(projectRoot, '.contracttool', 'sidecars')
}

function ensureSidecarDirectory(dir: string): void {
  if (typeof dir !== 'string' || dir === '') {
    throw new CoverageError(CoverageErrorCode.InvalidArgument, 'sidecar directory must be a non-empty string')
  }
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
  } catch (cause) {
    throw new CoverageError(
      CoverageErrorCode.WriteFailed,
      `Cannot create sidecar directory ${dir}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`,
      { file: dir, cause },
    )
  }
  assertSecureDirectory(dir)
}

/**
 * Writes a worker's envelope to `<dir>/part-<token>-<pid>.json` atomically (directory created `0700`, file
 * `0600`). The envelope is validated first, so a merge never meets a payload its writer could not read.
 * `token` must be unique per writer (Vitest threads share one pid). Returns the path written.
 *
 * @example
 * writeSidecar('.contracttool/sidecars', `${process.env.VITEST_POOL_ID}-${fileIndex}`, envelope)
 */
export function writeSidecar(dir: string, token: string, envelope: SidecarEnvelope): string {
  const path = join(dir, `part-${sanitizeToken(token)}-${envelope.writer.pid}.json`)
  parseSidecarPayload(envelope, path)
  ensureSidecarDirectory(dir)
  writeFileAtomic(path, `${JSON.stringify(envelope)}\n`, { mode: 0o600, tempPrefix: SIDECAR_TEMP_PREFIX })
  return path
}

/**
 * Leaves `<dir>/failed-<token>-<pid>.json` behind when a worker could not write its sidecar: the merge then
 * refuses to produce a report that would silently under-count coverage. Returns the path written.
 *
 * @example
 * try { writeSidecar(dir, token, envelope) } catch (error) { writeFailureMarker(dir, token, String(error)) }
 */
export function writeFailureMarker(dir: string, token: string, reason: string): string {
  const path = join(dir, `failed-${sanitizeToken(token)}-${process.pid}.json`)
  ensureSidecarDirectory(dir)
  writeFileAtomic(path, `${JSON.stringify({ testToken: token, pid: process.pid, reason })}\n`, {
    mode: 0o600,
    tempPrefix: SIDECAR_TEMP_PREFIX,
  })
  return path
}
