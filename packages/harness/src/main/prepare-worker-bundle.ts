import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import { removeOtherCaches } from '../internal/sealed-cache.js'
import type { WorkerBundleEntry } from '../worker/load-worker-bundle.js'
import { SCHEMA_CODE_PREFIX } from './schema-code-folder.js'

// The main-process half of a worker bundle (worker/load-worker-bundle.ts holds the workers' half). Kept apart so
// that what test files load does not import `node:crypto`: Vitest's workers have not loaded it, and loading
// it cost each test file about 4 ms.

/**
 * Main process: stamps the worker bundle `file` and names its code cache and its schema code folder in
 * `cacheDir`, a folder of the project's own, after the bundle's content and the Node version, removing the
 * caches of other versions. Undefined when the file cannot be read: workers then require it as a module.
 *
 * @example
 * const entry = prepareWorkerBundle(worker.file, join(cacheDir, 'contracttool'))
 */
export function prepareWorkerBundle(file: string, cacheDir: string): WorkerBundleEntry | undefined {
  try {
    const source = readFileSync(file)
    const stats = statSync(file)
    if (stats.size !== source.length) return undefined
    const hash = createHash('sha256')
      .update(source)
      .update(`\u0000${process.version}\u0000${process.arch}`)
      .digest('hex')
      .slice(0, 16)
    // `worker-core.cjs` → `worker-core-<hash>.bin`.
    const cachePrefix = `${basename(file, extname(file))}-`
    const name = `${cachePrefix}${hash}.bin`
    const schemaCodeName = `${SCHEMA_CODE_PREFIX}${hash}`
    mkdirSync(cacheDir, { recursive: true })
    // Caches of earlier versions of the bundle (or other Node versions) would pile up otherwise.
    removeOtherCaches(cacheDir, [cachePrefix, SCHEMA_CODE_PREFIX], [name, schemaCodeName])
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
