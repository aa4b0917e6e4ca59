import { renameSync, rmSync, writeFileSync } from 'node:fs'

// Threads of one process share a pid: each module instance (one per thread) adds a random tag of its own.
// Not `worker_threads`' thread id: that module is not otherwise loaded in a `forks` test file process, and
// loading it cost about 1 ms per test file.
const WRITER = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`

/**
 * Writes a cache file as a test file ends: aside, then renamed, so that a worker never reads half of it.
 * Best effort: a cache that cannot be written only means the next files do the work again, so nothing is
 * thrown, `content` included.
 */
export function writeCacheFile(file: string, content: () => string | Uint8Array): void {
  const partial = `${file}.${WRITER}.tmp`
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
