import { renameSync, rmSync, writeFileSync } from 'node:fs'

// Threads of one process share a pid: each module instance (one per thread) adds a random tag of its own.
// Not `worker_threads`' thread id: that module is not otherwise loaded in a `forks` test file process, and
// loading it cost about 1 ms per test file.
// Chosen on first write: a module without work at load time is left out of bundles that do not write.
let writer: string | undefined

/**
 * Writes a cache file aside, then renames it, so that a worker (or a concurrent run) never reads half of it.
 * Best effort: a cache that cannot be written only means the work is done again, so nothing is thrown,
 * `content` included, and a partial file is removed. True when the file was written.
 */
export function writeCacheFile(file: string, content: () => string | Uint8Array): boolean {
  writer ??= `${process.pid}-${Math.random().toString(36).slice(2, 10)}`
  const partial = `${file}.${writer}.tmp`
  try {
    writeFileSync(partial, content())
    renameSync(partial, file)
    return true
  } catch {
    try {
      rmSync(partial, { force: true })
    } catch {
      // Nothing else to do: this runs as a test file ends, which must not fail for it.
    }
    return false
  }
}
