import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'
import {
  assertSecureDirectory,
  assertSecureFile,
  FAILURE_MARKER_FILE,
  SIDECAR_FILE,
} from './internal/sidecar-files.js'
import { parseSidecarPayload, type SidecarEnvelope } from './sidecar-envelope.js'

export interface ReadSidecarsResult {
  /** One per sidecar file, in file-name order. */
  readonly envelopes: readonly SidecarEnvelope[]
  /** The sidecar files read (for cleanup after a successful merge). */
  readonly files: readonly string[]
}

function listDirectory(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch (cause) {
    throw new CoverageError(
      CoverageErrorCode.SidecarUnreadable,
      `Cannot list sidecar directory ${dir}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`,
      { file: dir, cause },
    )
  }
}

/**
 * Reads and validates every `part-*.json` sidecar of a directory; a missing directory reads as no sidecars.
 * Refuses, with a `CoverageError` naming the file: failure markers (`failed-*.json`, a worker could not
 * write its sidecar), a symlinked or group/world-writable directory or file, empty files, truncated or
 * corrupt JSON, unknown envelope or coverage-state versions and strict_required state in the v1 format.
 *
 * @example
 * const { envelopes, files } = readSidecars('.contracttool/sidecars')
 * const { tracker } = mergeSidecars(envelopes)
 */
export function readSidecars(dir: string): ReadSidecarsResult {
  if (!existsSync(dir)) return { envelopes: [], files: [] }
  assertSecureDirectory(dir)
  const entries = listDirectory(dir)
  const markers = entries.filter((name) => FAILURE_MARKER_FILE.test(name))
  if (markers.length > 0) {
    throw new CoverageError(
      CoverageErrorCode.SidecarWorkerFailed,
      `${markers.length} worker(s) or shard(s) left a failure marker instead of their sidecar; merging would ` +
        `under-count coverage. Markers in ${dir}: ${markers.map((name) => describeMarker(dir, name)).join('; ')}`,
      { file: dir },
    )
  }
  const files = entries.filter((name) => SIDECAR_FILE.test(name)).map((name) => join(dir, name))
  const envelopes = files.map(readSidecarFile)
  return { envelopes, files }
}

/** A failure marker's line: its file, the writer's token and what it says went wrong (when it can be read). */
function describeMarker(dir: string, name: string): string {
  try {
    const marker = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      testToken?: unknown
      reason?: unknown
    }
    if (typeof marker.testToken === 'string' && typeof marker.reason === 'string') {
      return `${name} (${marker.testToken}): ${marker.reason}`
    }
  } catch {
    // An unreadable marker still blocks the merge: its name is what there is to say.
  }
  return name
}

function readSidecarFile(path: string): SidecarEnvelope {
  let text: string
  try {
    assertSecureFile(path)
    text = readFileSync(path, 'utf8')
  } catch (cause) {
    if (cause instanceof CoverageError) throw cause
    throw new CoverageError(
      CoverageErrorCode.SidecarUnreadable,
      `Cannot read sidecar file ${path}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`,
      { file: path, cause },
    )
  }
  if (text.trim() === '') {
    throw new CoverageError(
      CoverageErrorCode.SidecarEmpty,
      `Sidecar file ${path} is empty; the worker that wrote it did not finish.`,
      { file: path },
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    throw new CoverageError(
      CoverageErrorCode.SidecarCorrupt,
      `Sidecar file ${path} holds truncated or corrupt JSON (${(cause as Error).message}).`,
      { file: path, cause },
    )
  }
  return parseSidecarPayload(value, path)
}

/**
 * Deletes sidecars after a merge (a leftover sidecar would be merged into the next run and over-count
 * coverage). Pass the `files` `readSidecars` returned: exactly those are deleted, so a sidecar that arrived
 * during the merge is kept for the next one; a file already gone counts as removed. Without `files`, every
 * sidecar and failure marker of the directory is deleted. Returns what was removed and what could not be.
 *
 * @example
 * const { files } = readSidecars(dir)
 * const { failed } = removeSidecars(dir, files)
 * for (const file of failed) console.warn(`[OpenAPI Coverage] WARNING: Failed to delete sidecar/marker after merge: ${file}`)
 */
export function removeSidecars(
  dir: string,
  files?: readonly string[],
): {
  readonly removed: readonly string[]
  readonly failed: readonly string[]
} {
  if (!existsSync(dir)) return { removed: [], failed: [] }
  const paths =
    files ??
    listDirectory(dir)
      .filter((name) => SIDECAR_FILE.test(name) || FAILURE_MARKER_FILE.test(name))
      .map((name) => join(dir, name))
  const removed: string[] = []
  const failed: string[] = []
  for (const path of paths) {
    try {
      rmSync(path, { force: true })
      removed.push(path)
    } catch {
      failed.push(path)
    }
  }
  return { removed, failed }
}
