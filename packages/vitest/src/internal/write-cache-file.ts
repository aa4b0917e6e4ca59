import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { threadId } from 'node:worker_threads'

/**
 * Writes a cache file as a test file ends: aside, then renamed, so that a worker never reads half of it
 * (threads of one process share a pid, hence the thread id). Best effort: a cache that cannot be written
 * only means the next files do the work again, so nothing is thrown, `content` included.
 */
export function writeCacheFile(file: string, content: () => string | Uint8Array): void {
  const partial = `${file}.${process.pid}-${threadId}.tmp`
  try {
    writeFileSync(partial, content())
    renameSync(partial, file)
  } catch {
    try {
      rmSync(partial, { force: true })
    } catch {
      // Nothing else to do: this runs as a test file ends, which must not fail for it.
    }
  }
}
