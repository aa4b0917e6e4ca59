import { realpathSync } from 'node:fs'
import { isAbsolute, relative, sep } from 'node:path'
import { echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import { type RegularFileRead, readRegularFile, readRegularFileSync } from '../read-regular-file.js'
import type { PendingLoad } from './bundler.js'
import { type SpecContext, specError } from './spec-error.js'

/** True when `path` is `root` itself or below it. Both must be absolute and canonical. */
export function isInside(root: string, path: string): boolean {
  const fromRoot = relative(root, path)
  return fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`) && !isAbsolute(fromRoot)
}

/**
 * The canonical path of a referenced file, refused when it does not exist or when following symbolic
 * links takes it outside the local-ref root. Metadata calls are synchronous in both loaders: they are a
 * few system calls per file, and sharing them keeps the two loaders from drifting apart.
 */
export function canonicalRefPath(load: PendingLoad, root: string, specName: string): string {
  const context: SpecContext = { specName, file: load.fromFile }
  let canonical: string
  try {
    canonical = realpathSync(load.target)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw specError(
        SpecErrorCode.RefFileNotFound,
        context,
        `$ref ${echoValue(load.ref)} points to a missing file: ${load.target}.`,
        { at: load.at(), ref: load.ref, cause: error },
      )
    }
    throw unreadable(load, context, (error as NodeJS.ErrnoException).code ?? String(error), error)
  }
  if (!isInside(root, canonical)) {
    throw specError(
      SpecErrorCode.RefOutsideRoot,
      context,
      `$ref ${echoValue(load.ref)} resolves (through a symbolic link) to ${canonical}, outside the local-ref root ${root}; expected a file inside it.`,
      { at: load.at(), ref: load.ref },
    )
  }
  return canonical
}

/** Reads a referenced file: regular files only, at most `MAX_DOCUMENT_BYTES`. */
export function readRefFileSync(load: PendingLoad, canonical: string, specName: string): string {
  return refText(load, specName, readRegularFileSync(canonical))
}

export async function readRefFile(load: PendingLoad, canonical: string, specName: string): Promise<string> {
  return refText(load, specName, await readRegularFile(canonical))
}

function refText(load: PendingLoad, specName: string, read: RegularFileRead): string {
  if (read.ok) return read.text
  throw unreadable(load, { specName, file: load.fromFile }, read.reason, read.cause)
}

function unreadable(load: PendingLoad, context: SpecContext, reason: string, cause: unknown) {
  return specError(
    SpecErrorCode.RefFileUnreadable,
    context,
    `$ref ${echoValue(load.ref)} points to ${load.target}, which cannot be read (${reason}).`,
    { at: load.at(), ref: load.ref, cause },
  )
}
