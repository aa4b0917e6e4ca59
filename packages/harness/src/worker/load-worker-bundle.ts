import { readFileSync } from 'node:fs'
import { createRequire, Module } from 'node:module'
import { dirname } from 'node:path'
import { Script } from 'node:vm'
import { type FileStamp, matchesStamp } from '../internal/file-stamp.js'
import { discardDamagedCache, sealCache, unsealCache } from '../internal/sealed-cache.js'
import { writeCacheFile } from '../internal/write-cache-file.js'
import type { WorkerBundle } from './worker-bundle.js'

// The worker half of a runner binding's worker bundle (main/prepare-worker-bundle.ts holds the main
// process's half). Every test file runs in a fresh process (or thread), which reads, parses and compiles what
// the binding's checks need (the validator with Ajv, ~430 kB) again: that was the largest part of what a
// binding cost each file. Node 20 has no compile cache for modules (`module.enableCompileCache()` came with
// Node 22.1), so a binding builds that code into one CommonJS bundle, compiled here through `vm.Script` with
// a V8 code cache. The first test file that validated something writes the cache, holding the bytecode of
// every function it ran (Ajv's code generator included); the files after it, in this run and the next
// ones, start from there.
//
// The cache file is sealed with a checksum (`sealCache`): V8 checks a code cache against its version, its
// flags and the length of the source, not its content, and runs damaged bytecode (the test file's process
// dies with SIGSEGV). A damaged file is removed, with a NOTE, and the code compiled from source.

const MAGIC = 'CTW1'

// Own line, so that line numbers in stack traces are the file's (`lineOffset: -1`).
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n'

/** The bundle file as the main process found it, and where its caches go (`prepareWorkerBundle()`). JSON-safe. */
export interface WorkerBundleEntry extends FileStamp {
  readonly file: string
  /**
   * Named after the file's content and the Node version: V8 checks a cache only against the length of the
   * source, so a cache must never be offered to other code of the same length.
   */
  readonly cacheFile: string
  /** The code Ajv generated for the schemas test files validated (`useSchemaCodeFolder()`), same stamp. */
  readonly schemaCodeDir: string
}

/** The exports of a bundle `loadWorkerBundle()` ran, and how to leave its code cache for the next test files. */
export interface LoadedWorkerBundle<T> {
  readonly exports: T
  /**
   * Writes the code cache once (later calls do nothing); undefined when the code was compiled from an
   * up-to-date cache, or when the file changed since the run started.
   */
  readonly writeCache: (() => void) | undefined
}

/**
 * Worker: runs the bundle `entry` names (`prepareWorkerBundle()` in the main process) from its code cache
 * when there is one for this file, and makes its exports the ones `bundle` hands out (`bundle.use()`). V8
 * rejects a cache of another V8 version or flags: the code is then compiled from source, and the cache
 * rewritten. The module goes into the require cache, so that `require()` of the same file elsewhere in the
 * process gets this instance. Only the binding's setup file calls it: the entry a test file imports reaches
 * the exports through `bundle.exports()`, without this module.
 *
 * @example
 * const loaded = loadWorkerBundle(worker, config.workerCode)
 * afterAll(() => loaded.writeCache?.())
 */
export function loadWorkerBundle<T>(
  bundle: WorkerBundle<T>,
  entry: WorkerBundleEntry,
): LoadedWorkerBundle<T> {
  const loaded = loadBundle<T>(entry)
  bundle.use(loaded.exports)
  return loaded
}

function loadBundle<T>(entry: WorkerBundleEntry): LoadedWorkerBundle<T> {
  const require = createRequire(entry.file)
  const loaded = require.cache[entry.file]
  if (loaded?.loaded === true) return { exports: loaded.exports as T, writeCache: undefined }
  const isCurrent = matchesStamp(entry.file, entry)
  const source = readFileSync(entry.file, 'utf8')
  const cachedData = isCurrent ? readCache(entry.cacheFile) : undefined
  const script = new Script(`${WRAPPER_HEAD}${source}\n})`, {
    filename: entry.file,
    lineOffset: -1,
    ...(cachedData === undefined ? {} : { cachedData }),
  })
  const module = new Module(entry.file)
  module.filename = entry.file
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void
  run.call(module.exports, module.exports, require, module, entry.file, dirname(entry.file))
  module.loaded = true
  require.cache[entry.file] = module
  const exports = module.exports as T
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true
  if (fromCache || !isCurrent) return { exports, writeCache: undefined }
  let isWritten = false
  return {
    exports,
    writeCache: () => {
      if (isWritten) return
      isWritten = true
      writeCacheFile(entry.cacheFile, () => sealCache(MAGIC, [script.createCachedData()]))
    },
  }
}

function readCache(file: string): Buffer | undefined {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return undefined
  }
  const unsealed = unsealCache(MAGIC, bytes)
  if (!('problem' in unsealed)) return unsealed.content
  if (unsealed.problem === 'damaged') discardDamagedCache(file, 'the V8 code cache of the worker code')
  return undefined
}
