import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { isObject } from '@contracttool/kernel'
import { findMultiSegmentParameters } from '@contracttool/matcher'
import { findSpecFile, type LoadedSpec } from '@contracttool/spec-loader'
import { EXTERNAL_DOCUMENTS_KEY } from '@contracttool/spec-loader/internal'
import {
  encodeSpecCacheRecord,
  isCacheCurrent,
  readSpecCacheRecord,
  type SourceStamp,
  SPEC_CACHE_FORMAT,
  type SpecCacheEntry,
  type SpecCacheRecord,
  specFromRecord,
} from '../internal/spec-cache.js'
import { writeCacheFile } from '../internal/write-cache-file.js'

// The main-process half of the spec cache (internal/spec-cache.ts holds the workers' half and the format).
// The record a run leaves for its workers also spares the next run parsing and bundling the spec, most of
// what loading one costs: about 35 ms for the bench's 3 kB YAML spec (js-yaml's own load included), seconds
// for YAML specs of megabytes. A record is reused only when every file it was read from has the same
// content (SHA-256), the spec's name still finds the same file, and the same spec loader bundled it. Kept
// apart from the workers' half, which every test file loads: workers do not load `node:crypto`.

// A file modified this close to the start of loading (or after it) may have been read in another version
// than the one hashed, and file systems keep modification times as coarse as 2 s: such a spec is handed to
// the workers, but not kept for the next run.
const SETTLE_MS = 2_000

/** A spec an earlier run left, and its entry for the workers unless its files were touched since. */
export interface ReusedSpec {
  readonly spec: LoadedSpec
  /** Undefined when a file's size or modification time changed (content did not): write the cache again. */
  readonly entry: SpecCacheEntry | undefined
}

/**
 * The spec `name` as an earlier run left it in `dir`, or undefined when there is none, or it is of another
 * format, base path or spec loader, or any of its files changed, or the name now finds another file.
 */
export function reuseSpecCache(dir: string, basePath: string, name: string): ReusedSpec | undefined {
  const loader = loaderStamp()
  if (loader === undefined) return undefined
  const file = cacheFile(dir, name)
  // Read whole: the main process keeps no file open (a watch-mode rerun reads it again).
  const record = readSpecCacheRecord(file, name, 'memory')
  if (record === undefined || record.loader !== loader || record.basePath !== resolve(basePath)) {
    return undefined
  }
  const { digests, sources } = record
  try {
    if (digests === null || digests.length !== sources.length) return undefined
    if (record.sourcePath !== findSpecFile(name, { basePath })) return undefined
    if (!sources.every((source, index) => digestOf(readFileSync(source.path)) === digests[index])) {
      return undefined
    }
  } catch {
    // A file that went missing, or a name that finds nothing now: the loader says what is wrong.
    return undefined
  }
  const entry: SpecCacheEntry = { file, sources }
  return { spec: specFromRecord(record), entry: isCacheCurrent(entry) ? entry : undefined }
}

/**
 * Writes `spec` (loaded from `basePath`, starting at `loadStartedAt`, a `Date.now()`) into `dir`, a folder
 * of the project's own, for the workers and the next run. Undefined when the spec cannot be cached (not
 * read from files, or the folder is not writable): workers then load it themselves.
 */
export function writeSpecCache(
  dir: string,
  basePath: string,
  spec: LoadedSpec,
  loadStartedAt: number,
): SpecCacheEntry | undefined {
  const loader = loaderStamp()
  try {
    const files = sourceFiles(basePath, spec)
    if (files === undefined) return undefined
    const sources: SourceStamp[] = []
    const digests: string[] = []
    for (const path of files.local) {
      // Read, then stat: a change after the read shows in the modification time.
      const digest = digestOf(readFileSync(path))
      const stats = statSync(path)
      sources.push({ path, size: stats.size, mtimeMs: stats.mtimeMs })
      digests.push(digest)
    }
    const settled =
      loader !== undefined &&
      !files.remote &&
      sources.every((source) => source.mtimeMs < loadStartedAt - SETTLE_MS)
    const record: SpecCacheRecord = {
      format: SPEC_CACHE_FORMAT,
      name: spec.name,
      version: spec.version,
      openapi: spec.openapi,
      defaultDialect: spec.defaultDialect,
      sourcePath: spec.sourcePath,
      warnings: spec.warnings,
      sources,
      digests: settled ? digests : null,
      basePath: resolve(basePath),
      loader: loader ?? '',
      multiSegmentParameters: [...findMultiSegmentParameters(spec)],
      document: spec.document,
    }
    mkdirSync(dir, { recursive: true })
    const file = cacheFile(dir, spec.name)
    return writeCacheFile(file, () => encodeSpecCacheRecord(record)) ? { file, sources } : undefined
  } catch {
    return undefined
  }
}

function cacheFile(dir: string, name: string): string {
  return join(dir, `${encodeURIComponent(name)}.bin`)
}

/** The entry file and every local file bundled into the spec (what a watcher watches); empty for a spec not read from files. */
export function specSourceFiles(basePath: string, spec: LoadedSpec): string[] {
  try {
    return sourceFiles(basePath, spec)?.local ?? []
  } catch {
    return spec.sourcePath === undefined ? [] : [spec.sourcePath]
  }
}

/**
 * The entry file and every local file bundled into the spec, and whether remote documents were; undefined
 * for a spec not read from files.
 */
function sourceFiles(basePath: string, spec: LoadedSpec): { local: string[]; remote: boolean } | undefined {
  if (spec.sourcePath === undefined) return undefined
  const local = [spec.sourcePath]
  let remote = false
  const external = spec.document[EXTERNAL_DOCUMENTS_KEY]
  if (isObject(external)) {
    // Files are mounted under their path relative to the real base path; remote documents under their URL.
    const root = realpathSync(basePath)
    for (const key of Object.keys(external)) {
      if (/^[a-z][a-z\d+.-]*:/i.test(key)) remote = true
      else local.push(resolve(root, key))
    }
  }
  return { local, remote }
}

function digestOf(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex')
}

let stamp: string | null | undefined

/**
 * Which spec loader bundles the specs: its version and entry file (a rebuild changes it), and the Node
 * version (the record is a `v8.serialize` image). Undefined when the loader cannot be located: nothing is
 * reused then.
 */
function loaderStamp(): string | undefined {
  if (stamp === undefined) {
    try {
      const require = createRequire(import.meta.url)
      const { version } = require('@contracttool/spec-loader/package.json') as { version: string }
      const stats = statSync(require.resolve('@contracttool/spec-loader'))
      stamp = `${version} ${stats.size} ${stats.mtimeMs} ${process.version}`
    } catch {
      stamp = null
    }
  }
  return stamp ?? undefined
}
