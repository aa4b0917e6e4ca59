import { statSync } from 'node:fs'

/** What a cache records of a file it was made from: a cache is current while the file still matches it. */
export interface FileStamp {
  readonly size: number
  readonly mtimeMs: number
}

/** True while the file at `path` exists with the size and modification time of `stamp`. */
export function matchesStamp(path: string, stamp: FileStamp): boolean {
  const stats = statSync(path, { throwIfNoEntry: false })
  return stats !== undefined && stats.size === stamp.size && stats.mtimeMs === stamp.mtimeMs
}
