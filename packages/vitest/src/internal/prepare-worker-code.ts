import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { removeOtherCaches } from '@contracttool/harness/internal'
import type { WorkerCodeEntry } from './worker-code-cache.js'

// The main-process half of the worker code cache (worker-code-cache.ts holds the workers' half). Kept apart
// so that the setup file's module, which every test file loads, does not import `node:crypto`: Vitest's
// workers have not loaded it, and loading it cost each test file about 4 ms.

const CACHE_PREFIX = 'worker-core-'
const SCHEMA_CODE_PREFIX = 'schema-code-'

/**
 * Main process: stamps the worker code `file` and names its code cache in `cacheDir`, a folder of the
 * project's own, removing the caches of other versions. Undefined when the file cannot be read: workers
 * then import it as a module.
 */
export function prepareWorkerCode(file: string, cacheDir: string): WorkerCodeEntry | undefined {
  try {
    const source = readFileSync(file)
    const stats = statSync(file)
    if (stats.size !== source.length) return undefined
    const hash = createHash('sha256')
      .update(source)
      .update(`\u0000${process.version}\u0000${process.arch}`)
      .digest('hex')
      .slice(0, 16)
    const name = `${CACHE_PREFIX}${hash}.bin`
    const schemaCodeName = `${SCHEMA_CODE_PREFIX}${hash}`
    mkdirSync(cacheDir, { recursive: true })
    // Caches of earlier versions of the worker code (or other Node versions) would pile up otherwise.
    removeOtherCaches(cacheDir, [CACHE_PREFIX, SCHEMA_CODE_PREFIX], [name, schemaCodeName])
    return {
      file,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      cacheFile: join(cacheDir, name),
      schemaCodeDir: join(cacheDir, schemaCodeName),
    }
  } catch {
    return undefined
  }
}
